// A client's statement before the oldest entry the device shows, read from the server (docs/growth.md §6):
// `lancamentos_anteriores` answers her fiado sales and ledger entries a page at a time, newest first in the
// statement's order. What was read is kept for the session, per client and starting point; offline, what is kept
// is all there is and the rest is out of reach.
import type { SupabaseClient } from '@supabase/supabase-js';
import * as v from 'valibot';
import { DataError } from '../contract/errors.ts';
import type { StatementFact } from './statement.ts';

/** Entries per request to the server. */
export const STATEMENT_PAGE_SIZE = 20;

const serverEntrySchema = v.object({
  id: v.string(),
  kind: v.picklist(['venda', 'debito', 'pagamento']),
  valor: v.number(),
  data: v.string(),
  created_at: v.string(),
  descricao: v.nullable(v.string()),
  estorno_de: v.nullable(v.string()),
});
const serverEntriesSchema = v.array(serverEntrySchema);

/** Where the older entries start: the oldest entry the device shows (null: it shows none, all are older). */
export interface StatementPosition {
  readonly data: string;
  readonly created_at: string;
  readonly id: string;
}

export interface OlderEntriesRead {
  /** The entries read so far, newest first, up to the pages asked for. */
  readonly facts: readonly StatementFact[];
  /** Whether the server holds more after them (true while they could not be asked for). */
  readonly hasMore: boolean;
  /** False when more were wanted and the server could not be reached. */
  readonly reachable: boolean;
}

export interface ServerStatements {
  /** The first `pages` pages of the client's entries before `from`: those kept, and more asked for while online. */
  read(clientId: string, from: StatementPosition | null, pages: number, online: boolean): Promise<OlderEntriesRead>;
}

interface KeptEntries {
  facts: StatementFact[];
  done: boolean;
  /** The read under way, so two screens asking at once append each page once. */
  busy: Promise<unknown>;
}

export function serverStatements(client: SupabaseClient): ServerStatements {
  const kept = new Map<string, KeptEntries>();

  /** One more page; false when the request never reached the server. */
  async function nextPage(clientId: string, from: StatementPosition | null, entries: KeptEntries): Promise<boolean> {
    const after = entries.facts.at(-1) ?? from;
    const answer: { data: unknown; error: { code?: string; message: string } | null } = await client.rpc(
      'lancamentos_anteriores',
      {
        p_cliente: clientId,
        p_antes_data: after?.data ?? null,
        p_antes_criado: after?.created_at ?? null,
        p_antes_id: after?.id ?? null,
        p_limite: STATEMENT_PAGE_SIZE,
      },
    );
    if (answer.error) {
      if (!answer.error.code) return false;
      throw new DataError('internal', { diagnostic: `lancamentos_anteriores: ${answer.error.code} ${answer.error.message}` });
    }
    const parsed = v.safeParse(serverEntriesSchema, answer.data);
    if (!parsed.success) throw new DataError('internal', { diagnostic: 'lancamentos_anteriores: resposta inesperada' });
    entries.facts.push(...parsed.output.map(({ estorno_de, ...entry }): StatementFact => ({ ...entry, estornoDe: estorno_de })));
    entries.done = parsed.output.length < STATEMENT_PAGE_SIZE;
    return true;
  }

  return {
    async read(clientId, from, pages, online) {
      const key = JSON.stringify([clientId, from?.data, from?.created_at, from?.id]);
      const entries = kept.get(key) ?? { facts: [], done: false, busy: Promise.resolve() };
      kept.set(key, entries);
      const wanted = Math.max(1, pages) * STATEMENT_PAGE_SIZE;
      let reachable = true;
      const reading = entries.busy.then(async () => {
        while (entries.facts.length < wanted && !entries.done) {
          if (!online || !(await nextPage(clientId, from, entries))) {
            reachable = false;
            return;
          }
        }
      });
      entries.busy = reading.catch(() => undefined);
      await reading;
      return {
        facts: entries.facts.slice(0, wanted),
        hasMore: entries.facts.length > wanted || !entries.done,
        reachable,
      };
    },
  };
}
