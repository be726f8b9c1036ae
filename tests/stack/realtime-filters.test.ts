// Pattern filters of Realtime postgres_changes: the linear LIKE/ILIKE matcher agrees with Postgres on random
// patterns (seeded), stays linear on hostile ones, and through realtime-js like/ilike (and `not.`) deliver exactly
// the matching rows, while filters over the limits, and regular expressions (match/imatch), are refused at join.
import { randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileLike, likeMatches } from '../../supabase/local/realtime/like.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  await stack.db.exec(`
    CREATE FUNCTION public.teste_like(s text, p text, ci boolean) RETURNS text LANGUAGE plpgsql AS $$
    BEGIN
      RETURN CASE WHEN ci THEN (s ILIKE p)::text ELSE (s LIKE p)::text END;
    EXCEPTION WHEN others THEN
      RETURN SQLERRM;
    END $$;`);
});

afterAll(async () => {
  await stack.close();
});

/** Letters in both cases (with Portuguese accents and the Turkish dotted İ), wildcards, escapes and an emoji. */
const CHARS = ['a', 'b', 'A', 'B', 'á', 'Á', 'ç', 'Ç', 'İ', 'i', 'ß', '😀', ' ', '\n', '%', '_', '\\'];
const char = fc.constantFrom(...CHARS);
const text = fc.string({ unit: char, maxLength: 10 });
const pattern = fc.string({ unit: fc.constantFrom(...CHARS, '%', '%', '_', '\\'), maxLength: 10 });

/** A text the pattern is likely to match: each `%` and `_` filled, each escape taken literally. */
function instance(source: string, fillers: readonly string[]): string {
  let out = '';
  let escaped = false;
  let next = 0;
  for (const c of source) {
    if (escaped) {
      out += c;
      escaped = false;
    } else if (c === '\\') escaped = true;
    else if (c === '%') out += fillers[next++] ?? '';
    else if (c === '_') out += Array.from(fillers[next++] ?? 'x')[0] ?? 'x';
    else out += c;
  }
  return out;
}

const cases = pattern.chain((p) =>
  fc.record({
    pattern: fc.constant(p),
    text: fc.oneof(
      text,
      fc.array(fc.string({ unit: char, minLength: 1, maxLength: 3 }), { maxLength: 12 }).map((fillers) => instance(p, fillers)),
    ),
    insensitive: fc.boolean(),
  }),
);

async function postgresSays(s: string, p: string, insensitive: boolean): Promise<string> {
  const { rows } = await stack.db.query<{ answer: string }>('SELECT public.teste_like($1, $2, $3) AS answer', [
    s,
    p,
    insensitive,
  ]);
  return rows[0]?.answer ?? 'no answer';
}

describe('the LIKE matcher', () => {
  it('agrees with Postgres on random patterns and texts', async () => {
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(cases, async ({ pattern: p, text: s, insensitive }) => {
        const expected = await postgresSays(s, p, insensitive);
        let compiled;
        try {
          compiled = compileLike(p, insensitive);
        } catch (error) {
          // A lone escape at the end: Postgres raises once it reaches it (false when the text ran out first).
          expect((error as Error).message).toBe('LIKE pattern must not end with escape character');
          expect(['false', 'LIKE pattern must not end with escape character']).toContain(expected);
          return;
        }
        expect(String(likeMatches(compiled, s))).toBe(expected);
        outcomes.set(expected, (outcomes.get(expected) ?? 0) + 1);
      }),
      { seed: 20260508, numRuns: 600 },
    );
    // The generator reaches both answers often, not just the easy `false`.
    expect(outcomes.get('true')).toBeGreaterThan(100);
    expect(outcomes.get('false')).toBeGreaterThan(100);
  });

  it('agrees with Postgres on the classic cases', async () => {
    const samples: [string, string, boolean][] = [
      ['Arroz 5kg', 'Arroz%', false],
      ['arroz 5kg', 'ARROZ%', true],
      ['50%', '50\\%', false],
      ['a_b', 'a\\_b', false],
      ['axb', 'a\\_b', false],
      ['', '%', false],
      ['', '_', false],
      ['abc', '%%%%c', false],
      ['açúcar', '_ç%', false],
      ['AÇÚCAR', 'açúcar', true],
    ];
    for (const [s, p, insensitive] of samples) {
      expect(String(likeMatches(compileLike(p, insensitive), s)), `${s} ${p}`).toBe(await postgresSays(s, p, insensitive));
    }
  });

  it('stays linear on patterns that make a backtracking RegExp explode', () => {
    const started = performance.now();
    const long = 'a'.repeat(100_000);
    expect(likeMatches(compileLike(`${'%'.repeat(200)}!`, false), long)).toBe(false);
    expect(likeMatches(compileLike(`${'%a'.repeat(100)}!`, true), long)).toBe(false);
    expect(likeMatches(compileLike(`%${'_'.repeat(100)}%!`, false), long)).toBe(false);
    expect(likeMatches(compileLike(`%${'a'.repeat(200)}%`, false), long)).toBe(true);
    // Roughly text × pattern steps at worst (~30 million here): far under a second even on a busy machine.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

interface Row {
  mensagem: string;
  referencia_id: string | null;
}

describe('pattern filters through realtime-js', () => {
  let owner: SupabaseClient;
  const ownerId = randomUUID();

  beforeAll(async () => {
    const token = await stack.mintUserToken(ownerId);
    owner = stack.client(token);
    void owner.realtime.setAuth(token);
  });

  /** Subscribes one binding on the owner's notifications; resolves with its events or Realtime's refusal. */
  async function subscribe(name: string, filter: string): Promise<{ events: Row[]; outcome: string }> {
    const events: Row[] = [];
    const channel = owner
      .channel(name)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notificacoes', filter }, (payload) => {
        events.push(payload.new as Row);
      });
    const outcome = await new Promise<string>((resolve) => {
      channel.subscribe((status, error) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve('SUBSCRIBED');
        else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR) resolve(error?.message ?? 'CHANNEL_ERROR');
      });
    });
    if (outcome !== 'SUBSCRIBED') await owner.removeChannel(channel);
    return { events, outcome };
  }

  it('deliver exactly the rows whose column matches, as Postgres LIKE would decide', async () => {
    const filters = {
      like: 'mensagem=like.Estoque baixo:%',
      ilike: 'mensagem=ilike.%ARROZ%',
      notLike: 'mensagem=not.like.%feijão%',
      escaped: 'referencia_id=like.a\\_%',
      notEscaped: 'referencia_id=not.like.a\\_%',
    };
    const subscriptions = new Map<string, Row[]>();
    for (const [name, filter] of Object.entries(filters)) {
      const { events, outcome } = await subscribe(`filtro-${name}`, filter);
      expect(outcome, filter).toBe('SUBSCRIBED');
      subscriptions.set(name, events);
    }
    // Joined last: its frames leave after every other channel's for the same change.
    const all = await subscribe('filtro-todas', `user_id=eq.${ownerId}`);
    const rows = [
      { mensagem: 'Estoque baixo: Arroz', referencia_id: 'a_1' },
      { mensagem: 'Estoque baixo: feijão', referencia_id: 'ab1' },
      { mensagem: 'estoque baixo: arroz integral', referencia_id: null },
      { mensagem: 'Fiado vencido: Ana', referencia_id: 'a_2' },
    ];
    const { error } = await stack
      .serviceClient()
      .from('notificacoes')
      .insert(rows.map((row) => ({ ...row, user_id: ownerId, tipo: 'aviso' })));
    expect(error).toBeNull();
    const deadline = Date.now() + 15_000;
    while (all.events.length < rows.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(all.events).toHaveLength(rows.length);

    const received = Object.fromEntries(
      [...subscriptions].map(([name, events]) => [name, events.map((row) => row.mensagem).sort()]),
    );
    const messages = (...indexes: number[]) => indexes.map((index) => rows[index]?.mensagem).sort();
    expect(received).toEqual({
      like: messages(0, 1),
      ilike: messages(0, 2),
      notLike: messages(0, 2, 3),
      escaped: messages(0, 3),
      // A NULL never passes a filter, negated or not (as in Realtime).
      notEscaped: messages(1),
    });
  });

  it('refuse at join the filters over the limits, and regular expressions, with Realtime’s wording', async () => {
    const prefix = 'Error parsing `filter` params: ';
    const refused: [string, string][] = [
      ['mensagem=like.abc\\', `${prefix}LIKE pattern must not end with escape character`],
      ['mensagem=ilike.%\\', `${prefix}LIKE pattern must not end with escape character`],
      [`mensagem=like.${'%a'.repeat(200)}`, `${prefix}pattern of like filter longer than 256 characters`],
      [
        `id=in.(${Array.from({ length: 101 }, () => randomUUID()).join(',')})`,
        `${prefix}too many values for \`in\` filter. Maximum 100`,
      ],
      [`mensagem=eq.${'x'.repeat(5000)}`, `${prefix}filter longer than 4096 characters`],
      [Array.from({ length: 17 }, (_, index) => `lido=eq.${index}`).join(','), `${prefix}too many conditions (maximum 16)`],
      ['lido=is.talvez', `${prefix}invalid value for is filter: must be null, true, false, or unknown`],
    ];
    for (const [index, [filter, reason]] of refused.entries()) {
      expect((await subscribe(`recusado-${index}`, filter)).outcome, filter.slice(0, 40)).toBe(reason);
    }
    // Regular expressions would run in the one database every tenant shares, on every change.
    for (const operator of ['match', 'imatch']) {
      expect((await subscribe(`recusado-${operator}`, `mensagem=${operator}.^Estoque`)).outcome).toBe(
        `${prefix}unsupported filter operator: ${operator} (regular expressions are not evaluated)`,
      );
    }
  });
});
