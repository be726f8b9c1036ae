// The owner's pairing key (chaves_pareamento, 0020) over the API with the official supabase-js: each owner gets one
// random key, the same on every call and device; nobody else reads it over REST (not another owner, not the admin,
// not anon) or over Realtime, and nobody writes it.
import { randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/helpers.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const KEY = /^[A-Za-z0-9_-]{43}$/;

let stack: TestStack;
let userA: string;
let userB: string;
let tokenB: string;
let a: SupabaseClient;
let b: SupabaseClient;
let admin: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  [userA, userB] = [await createUser(stack.db), await createUser(stack.db)];
  const adminId = await createUser(stack.db);
  tokenB = await stack.mintUserToken(userB);
  a = stack.client(await stack.mintUserToken(userA));
  b = stack.client(tokenB);
  admin = stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
  anon = stack.client();
});
afterAll(async () => {
  await stack.close();
});

async function keyOf(client: SupabaseClient): Promise<string> {
  const answer: { data: unknown; error: { message: string } | null } = await client.rpc('chave_de_pareamento');
  if (answer.error) throw new Error(answer.error.message);
  return answer.data as string;
}

describe('pairing key', () => {
  it('is one random key per owner, the same on every call, and refused to anon', async () => {
    const first = await keyOf(a);
    expect(first).toMatch(KEY);
    expect(await keyOf(stack.client(await stack.mintUserToken(userA)))).toBe(first);
    const other = await keyOf(b);
    expect(other).toMatch(KEY);
    expect(other).not.toBe(first);
    expect((await anon.rpc('chave_de_pareamento')).error?.code).toBe('42501');
  });

  it('only its owner reads it over REST; nobody writes it', async () => {
    const keyA = await keyOf(a);
    expect((await a.from('chaves_pareamento').select('user_id, chave')).data).toEqual([{ user_id: userA, chave: keyA }]);
    // B asks for A's row by name, the admin and anon ask for everything: nothing.
    expect((await b.from('chaves_pareamento').select('chave').eq('user_id', userA)).data).toEqual([]);
    expect((await admin.from('chaves_pareamento').select('chave').eq('user_id', userA)).data).toEqual([]);
    expect((await anon.from('chaves_pareamento').select('chave')).data ?? []).toEqual([]);
    // Nobody sets, replaces or deletes a key over the API (not even their own).
    const forged = 'A'.repeat(43);
    expect((await b.from('chaves_pareamento').insert({ user_id: userA, chave: forged })).error?.code).toBe('42501');
    expect((await a.from('chaves_pareamento').update({ chave: forged }).eq('user_id', userA)).error?.code).toBe('42501');
    expect((await b.from('chaves_pareamento').update({ chave: forged }).eq('user_id', userA)).error?.code).toBe('42501');
    expect((await b.from('chaves_pareamento').delete().eq('user_id', userA)).error?.code).toBe('42501');
    expect(await keyOf(a)).toBe(keyA);
  });

  it('never reaches another owner over Realtime', async () => {
    const events: unknown[] = [];
    const realtime = stack.client(tokenB);
    void realtime.realtime.setAuth(tokenB);
    const sentinel = randomUUID();
    let sentinelSeen: () => void = () => undefined;
    const sentinelArrived = new Promise<void>((resolve) => {
      sentinelSeen = resolve;
    });
    const channel = realtime
      .channel('chaves')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'chaves_pareamento' }, (payload) => {
        events.push(payload);
      })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notificacoes' }, (payload) => {
        if ((payload.new as { id?: string }).id === sentinel) sentinelSeen();
      });
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
        else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT)
          reject(error ?? new Error(status));
      });
    });
    // A new owner's key is made while B listens; then a later change for B arrives, so every earlier one was offered.
    const newcomer = stack.client(await stack.mintUserToken(await createUser(stack.db)));
    expect(await keyOf(newcomer)).toMatch(KEY);
    await stack.db.query(
      `INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, 'sistema', 'sentinela')`,
      [sentinel, userB],
    );
    await sentinelArrived;
    expect(events).toEqual([]);
    // Not streamed to anyone: the table is not published.
    const { rows } = await stack.db.query(
      `SELECT 1 FROM pg_publication_tables WHERE pubname = 'supabase_realtime' AND tablename = 'chaves_pareamento'`,
    );
    expect(rows).toEqual([]);
    await realtime.removeAllChannels();
  });
});
