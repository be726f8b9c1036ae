// No user-supplied pattern becomes a backtracking regular expression: hostile LIKE filters on Realtime (anon and
// owner sockets), hostile LIKE/ILIKE/match/imatch on REST and a hostile Storage search leave the whole stack
// answering. The stack runs in a child process so that a frozen stack fails the test instead of freezing it.
import { randomUUID } from 'node:crypto';
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startStackProcess, type StackProcess } from '../support/stack-process.ts';

/** Each `%` was one more `.*` in the old RegExp: 10 on a uuid took ~48 s, 8 on 82 characters 213 s; 16 never end. */
const HOSTILE = `${'%'.repeat(16)}!`;
const WRITES = 100;
/** A request the stack does not answer in this time counts as frozen (the old code froze for minutes). */
const FROZEN_MS = 5000;

let stack: StackProcess;
let ownerToken: string;
const clients: SupabaseClient[] = [];

function client(token?: string, key = stack.anonKey): SupabaseClient {
  const made = createClient(stack.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
    global: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  if (token) void made.realtime.setAuth(token);
  clients.push(made);
  return made;
}

/** Joins one postgres_changes binding on `notificacoes`; resolves once the server accepted it. */
async function subscribe(subscriber: SupabaseClient, name: string, filter: string): Promise<unknown[]> {
  const events: unknown[] = [];
  const channel = subscriber
    .channel(name)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'notificacoes', filter },
      (payload) => void events.push(payload.new),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
      else if (status !== REALTIME_SUBSCRIBE_STATES.CLOSED) reject(error ?? new Error(status));
    });
  });
  return events;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function rest(path: string, options: { body?: string; key?: string } = {}): Promise<Response> {
  return fetch(`${stack.url}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    body: options.body,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${options.key ?? stack.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    signal: AbortSignal.timeout(FROZEN_MS),
  });
}

/** Inserts a notification for the owner as the service role; 0 when the stack did not answer. */
async function write(mensagem: string): Promise<number> {
  const body = JSON.stringify({ user_id: stack.ownerId, tipo: 'aviso', mensagem });
  const response = await rest('/rest/v1/notificacoes', { body }).catch(() => null);
  return response?.status ?? 0;
}

beforeAll(async () => {
  stack = await startStackProcess();
  const now = Math.floor(Date.now() / 1000);
  ownerToken = await new SignJWT({ sub: stack.ownerId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(stack.jwtSecret));
});

afterAll(async () => {
  for (const made of clients) await made.removeAllChannels().catch(() => undefined);
  await stack.stop();
});

/** The slowest answer among the fastest `share` of `latencies`. */
function percentile(latencies: readonly number[], share: number): number {
  const sorted = [...latencies].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Infinity;
}

describe('hostile patterns', () => {
  it(
    'keep the stack answering in < 200 ms during 100 writes with 10 hostile Realtime subscriptions',
    { timeout: 120_000 },
    async () => {
      // Five anonymous sockets (the old filter ran on every tenant's change before any permission check) and five
      // of the owner, whose own rows reach the pattern matcher.
      for (let index = 0; index < 5; index++) await subscribe(client(), `anon-${index}`, `mensagem=like.${HOSTILE}`);
      for (let index = 0; index < 5; index++) await subscribe(client(ownerToken), `owner-${index}`, `mensagem=ilike.${HOSTILE}`);
      const delivered = await subscribe(client(ownerToken), 'owner-plain', `user_id=eq.${stack.ownerId}`);
      // A fresh process compiles its code paths on the first requests; on the old code this already froze.
      const warmUp: number[] = [];
      for (let index = 0; index < 10 && !warmUp.includes(0); index++)
        warmUp.push(await write(`${'a'.repeat(80)} aquecimento ${index}`));
      expect(warmUp).toEqual(Array.from({ length: 10 }, () => 201));

      const latencies: number[] = [];
      const state = { writing: true };
      const probing = (async () => {
        while (state.writing) {
          const started = performance.now();
          const response = await fetch(`${stack.url}/auth/v1/health`, { signal: AbortSignal.timeout(FROZEN_MS) }).catch(
            () => null,
          );
          latencies.push(response?.ok ? performance.now() - started : Infinity);
          if (!response) return;
        }
      })();
      const statuses: number[] = [];
      try {
        for (let index = 0; index < WRITES && !statuses.includes(0); index++)
          statuses.push(await write(`${'a'.repeat(80)} ${index}`));
      } finally {
        state.writing = false;
        await probing;
      }

      expect(statuses).toEqual(Array.from({ length: WRITES }, () => 201));
      // Evidence besides the clock: every write reached the owner's ordinary subscription.
      await until(() => delivered.length === WRITES + warmUp.length, 30_000);
      expect(latencies.length).toBeGreaterThan(10);
      console.info(
        `health during the writes: ${latencies.length} answers, median ${percentile(latencies, 0.5).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
      );
      expect(percentile(latencies, 0.95)).toBeLessThan(200);
      expect(Math.max(...latencies)).toBeLessThan(1000);
    },
  );

  it('run in Postgres on REST, where regex shapes that would hold the database are refused', async () => {
    const ordinary = [
      `like.${HOSTILE}`,
      `ilike.${HOSTILE}`,
      'match.^a{80} ',
      'imatch.^A+ [0-9]+$',
      'match.[0-9]{2}$',
      'imatch.^(arroz|a+)\\s\\d',
    ];
    for (const filter of ordinary) {
      const response = await rest(`/rest/v1/notificacoes?select=id&mensagem=${encodeURIComponent(filter)}`, { key: ownerToken });
      expect(response.status, filter).toBe(200);
    }
    // `((.*){1,255}){1,255}!` ran for minutes on 20 characters in PGlite, holding every request of the stack.
    const hostile = [
      'match.((.*){1,255}){1,255}!',
      'imatch.(.{0,255}){0,255}!',
      'match.^(a|a)*\\1!$',
      'match(any).{^a,"((.*){1,255}){1,255}!"}',
    ];
    const queries = [
      ...hostile.map((filter) => `mensagem=${encodeURIComponent(filter)}`),
      `or=(${encodeURIComponent('tipo.eq.x,mensagem.imatch."((.*){1,255}){1,255}!"')})`,
    ];
    for (const filter of queries) {
      const response = await rest(`/rest/v1/notificacoes?select=id&${filter}`, { key: ownerToken });
      expect(response.status, filter).toBe(400);
      expect(await response.json(), filter).toMatchObject({
        code: '2201B',
        message: 'invalid regular expression: regular expression is too complex',
      });
    }
  });

  it('are plain text in a Storage search', async () => {
    const service = client(undefined, stack.serviceRoleKey).storage.from('product-images');
    const owner = client(ownerToken).storage.from('product-images');
    const { error } = await service.upload(`${stack.ownerId}/${randomUUID()}.png`, Buffer.from('x'.repeat(80)), {
      contentType: 'image/png',
    });
    expect(error).toBeNull();
    const { data, error: listError } = await owner.list(stack.ownerId, { search: HOSTILE });
    expect(listError).toBeNull();
    expect(data).toEqual([]);
  });
});
