// Realtime on the real replicated tables with supabase-js channels: each owner receives only the changes to
// rows their row-level security lets them read (with or without a `filter`), anon receives nothing, the admin
// reads everything the admin area lists, and a soft delete arrives as an UPDATE with `_deleted: true`.
import { randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser, hlcAt } from '../db/helpers.ts';

const TABLES = ['notificacoes', 'produtos', 'vendas'] as const;
type Table = (typeof TABLES)[number];

interface Received {
  table: string;
  eventType: string;
  id: unknown;
  userId: unknown;
  deleted: unknown;
  binding: string;
}

interface Listener {
  events: Received[];
  /** Events of one binding (`table` or `table:filtered`) for a row id. */
  of(binding: string, id: string): Received[];
}

let stack: TestStack;
let userA: string;
let userB: string;
let adminId: string;
let a: SupabaseClient;
let b: SupabaseClient;
const listeners = new Map<string, Listener>();

/** A client whose socket joins as `token` (supabase-js takes the realtime token from setAuth, not from headers). */
function realtimeClient(token?: string): SupabaseClient {
  const client = token ? stack.client(token) : stack.client();
  if (token) void client.realtime.setAuth(token);
  return client;
}

/** Subscribes to every watched table, once without a filter and once with `filter` (per table). */
async function listen(name: string, client: SupabaseClient, filter: (table: Table) => string): Promise<Listener> {
  const events: Received[] = [];
  let channel = client.channel(`rls-${name}`);
  for (const table of TABLES) {
    for (const [binding, extra] of [
      [table, {}],
      [`${table}:filtered`, { filter: filter(table) }],
    ] as const) {
      channel = channel.on('postgres_changes', { event: '*', schema: 'public', table, ...extra }, (payload) => {
        const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as Record<string, unknown>;
        events.push({ table, eventType: payload.eventType, id: row.id, userId: row.user_id, deleted: row._deleted, binding });
      });
    }
  }
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
      else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) {
        reject(error ?? new Error(status));
      }
    });
  });
  const listener: Listener = {
    events,
    of: (binding, id) => events.filter((event) => event.binding === binding && event.id === id),
  };
  listeners.set(name, listener);
  return listener;
}

async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Changes are delivered one at a time in commit order: once B has its own later change, every earlier change
 * has been offered to every subscriber. A short grace covers frames still on other sockets.
 */
async function settle(): Promise<void> {
  const sentinel = randomUUID();
  // A notification the server writes B (owners write none).
  await stack.db.query(`INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, 'sistema', 'sentinela')`, [
    sentinel,
    userB,
  ]);
  const ownerB = listeners.get('B');
  await eventually(() => (ownerB?.of('notificacoes', sentinel).length ?? 0) > 0, 'B’s sentinel');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

function sale(id: string, produtoId: string): Record<string, unknown> {
  return {
    id,
    data: '2025-03-01',
    total: 12,
    tipo: 'avista',
    forma_pagamento: 'pix',
    hlc: hlcAt(1_800_000_000_000),
    itens: [
      { produto_id: produtoId, quantidade: 2, preco_unitario: 6, preco_total: 12, nome_produto: 'Café', unidade_produto: 'un' },
    ],
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  [userA, userB, adminId] = [await createUser(stack.db), await createUser(stack.db), await createUser(stack.db)];
  const tokenA = await stack.mintUserToken(userA);
  const tokenB = await stack.mintUserToken(userB);
  a = stack.client(tokenA);
  b = stack.client(tokenB);
  const adminToken = await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } });
  await Promise.all([
    listen('A', realtimeClient(tokenA), () => `user_id=eq.${userA}`),
    // B asks for A's rows by name: the filter matches, row-level security must still say no.
    listen('B', realtimeClient(tokenB), () => `user_id=eq.${userA}`),
    listen('anon', realtimeClient(), () => `user_id=eq.${userA}`),
    listen('admin', realtimeClient(adminToken), () => `user_id=eq.${userA}`),
  ]);
});
afterAll(async () => {
  await stack.close();
});

describe('realtime row-level security on the replicated tables', () => {
  const ids = { notificacoes: randomUUID(), produtos: randomUUID(), vendas: randomUUID() };

  it('A receives her own INSERT and UPDATE on each table, with and without a filter', async () => {
    // The server sends A a notification (owners write none); A marks it read below.
    await stack.db.query(`INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, 'sistema', 'Olá')`, [
      ids.notificacoes,
      userA,
    ]);
    expect((await a.from('produtos').insert({ id: ids.produtos, nome: 'Café', preco: 6, unidade: 'un' })).error).toBeNull();
    expect(
      (
        await a
          .from('historico_estoque')
          .insert({ produto_id: ids.produtos, tipo: 'ajuste', quantidade: 10, hlc: hlcAt(1_700_000_000_000) })
      ).error,
    ).toBeNull();
    expect((await a.from('vendas').insert(sale(ids.vendas, ids.produtos))).error).toBeNull();
    expect((await a.from('notificacoes').update({ lido: true }).eq('id', ids.notificacoes)).error).toBeNull();
    expect((await a.from('vendas').update({ forma_pagamento: 'dinheiro' }).eq('id', ids.vendas)).error).toBeNull();

    const ownerA = listeners.get('A');
    for (const table of TABLES) {
      for (const binding of [table, `${table}:filtered`]) {
        await eventually(
          () => (ownerA?.of(binding, ids[table]).filter((event) => event.eventType === 'UPDATE').length ?? 0) > 0,
          `A's UPDATE on ${binding}`,
        );
        const events = ownerA?.of(binding, ids[table]) ?? [];
        expect(events[0]).toMatchObject({ eventType: 'INSERT', userId: userA, deleted: false });
        expect(events.every((event) => event.userId === userA)).toBe(true);
      }
    }
    // The stock the server derived from the count and the sale reached A as updates of her product.
    expect(ownerA?.of('produtos', ids.produtos).filter((event) => event.eventType === 'UPDATE').length).toBeGreaterThanOrEqual(2);
  });

  it('a soft delete arrives as an UPDATE with _deleted true', async () => {
    for (const table of TABLES) expect((await a.from(table).delete().eq('id', ids[table])).error).toBeNull();
    const ownerA = listeners.get('A');
    for (const table of TABLES) {
      await eventually(
        () => ownerA?.of(table, ids[table]).some((event) => event.deleted === true) ?? false,
        `A's soft delete on ${table}`,
      );
      const last = ownerA?.of(table, ids[table]).at(-1);
      expect(last).toMatchObject({ eventType: 'UPDATE', deleted: true, userId: userA });
      expect(ownerA?.of(table, ids[table]).some((event) => event.eventType === 'DELETE')).toBe(false);
    }
  });

  it('B never receives A’s changes (even filtering by A’s user_id), anon receives nothing, the admin reads them', async () => {
    await settle();
    const ownerB = listeners.get('B');
    expect(ownerB?.events.filter((event) => event.userId !== userB)).toEqual([]);
    expect(listeners.get('anon')?.events).toEqual([]);
    const adminEvents = listeners.get('admin')?.events ?? [];
    for (const table of TABLES) expect(adminEvents.some((event) => event.table === table && event.id === ids[table])).toBe(true);
  });

  it('A never receives B’s changes, nor the rows the server makes for B', async () => {
    const produtoB = randomUUID();
    expect(
      (await b.from('produtos').insert({ id: produtoB, nome: 'Chá', preco: 4, unidade: 'un', estoque_minimo: 5 })).error,
    ).toBeNull();
    expect(
      (
        await b
          .from('historico_estoque')
          .insert({ produto_id: produtoB, tipo: 'ajuste', quantidade: 6, hlc: hlcAt(1_700_000_000_000) })
      ).error,
    ).toBeNull();
    // Selling 2 of 6 drops B's stock under the minimum: the server writes B an estoque_baixo notification.
    expect((await b.from('vendas').insert(sale(randomUUID(), produtoB))).error).toBeNull();
    const ownerB = listeners.get('B');
    await eventually(
      () => ownerB?.events.some((event) => event.table === 'vendas' && event.userId === userB) ?? false,
      'B’s sale',
    );
    const { rows } = await stack.db.query(`SELECT tipo FROM public.notificacoes WHERE user_id = $1 AND tipo = 'estoque_baixo'`, [
      userB,
    ]);
    expect(rows).toHaveLength(1);
    await settle();
    expect(listeners.get('A')?.events.filter((event) => event.userId !== userA)).toEqual([]);
    expect(listeners.get('anon')?.events).toEqual([]);
  });
});
