// A client's statement before the days a device keeps, online (docs/growth.md §6): after the oldest entry on the
// device come her older fiado sales and ledger entries from the server, newest first a page at a time, only the
// owner's, the running balance going on backwards from the device's statement down to zero before the first entry;
// offline, a page never read says it is online only.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveQueries } from '../../workers/api.ts';
import { daysBefore } from '../../workers/sales/list.ts';
import { windowStart } from '../../workers/sync/window.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { openOfflineDevice, type LiveResult, type OfflineDevice } from './support/offline-device.ts';

let stack: TestStack;
let device: OfflineDevice;
const keptFrom = windowStart(Date.now());

interface OldEntry {
  id: string;
  kind: 'venda' | 'debito' | 'pagamento';
  valor: number;
  data: string;
  created_at: string;
}

const oldEntries: OldEntry[] = [];
let maria = '';

async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const { error } = await stack.serviceClient().from(table).insert(row);
  expect(error).toBeNull();
}

async function seedLedger(userId: string, clientId: string, entry: Omit<OldEntry, 'id'>): Promise<void> {
  const id = randomUUID();
  await insert('fiado_lancamentos', { id, user_id: userId, cliente_id: clientId, tipo: entry.kind, ...entry, kind: undefined });
  oldEntries.push({ id, ...entry });
}

/** The first answer of a live query that satisfies `check`, the subscription ended as a screen leaving. */
async function answerOf<N extends 'olderStatement' | 'clientStatement' | 'client'>(
  name: N,
  params: Parameters<LiveQueries[N]>[0],
  check: (value: LiveResult<N>) => boolean = () => true,
): Promise<LiveResult<N>> {
  const live = await device.watch(name, params);
  const value = await live.until(check);
  await live.stop();
  return value;
}

const newestFirst = (a: OldEntry, b: OldEntry) =>
  a.data !== b.data
    ? a.data < b.data
      ? 1
      : -1
    : a.created_at !== b.created_at
      ? a.created_at < b.created_at
        ? 1
        : -1
      : a.id < b.id
        ? 1
        : -1;

beforeAll(async () => {
  stack = await startTestStack();
  const userId = randomUUID();
  const client = stack.client(await stack.mintUserToken(userId));
  device = await openOfflineDevice('extrato-antigo', { server: { url: stack.url, userId, client } });
  maria = await device.remote.clients.create({ nome: 'Maria Souza', telefone: '11987654321' });
  // Before the window: 20 debits of R$ 5, a payment of R$ 30 and a fiado sale of R$ 12,50 (R$ 82,50 in all).
  for (let index = 0; index < 20; index++) {
    const data = daysBefore(keptFrom, 1 + index);
    await seedLedger(userId, maria, { kind: 'debito', valor: 5, data, created_at: `${data}T15:00:00.000Z` });
  }
  const payday = daysBefore(keptFrom, 3);
  await seedLedger(userId, maria, { kind: 'pagamento', valor: 30, data: payday, created_at: `${payday}T21:00:00.000Z` });
  const saleDay = daysBefore(keptFrom, 40);
  const saleId = randomUUID();
  const hlc = `${Date.parse(`${saleDay}T12:00:00Z`).toString(36).padStart(11, '0')}:00000:antigo`;
  const item = {
    produto_id: randomUUID(),
    quantidade: 1,
    preco_unitario: 12.5,
    preco_total: 12.5,
    nome_produto: 'Queijo',
    unidade_produto: 'un',
  };
  const created = `${saleDay}T12:00:00.000Z`;
  await insert('vendas', {
    id: saleId,
    user_id: userId,
    data: saleDay,
    total: 12.5,
    tipo: 'fiado',
    cliente_id: maria,
    hlc,
    itens: [item],
    created_at: created,
  });
  oldEntries.push({ id: saleId, kind: 'venda', valor: 12.5, data: saleDay, created_at: created });
  oldEntries.sort(newestFirst);
  // Another owner's entry under the same client id is never shown.
  const other = randomUUID();
  await stack.mintUserToken(other);
  await insert('fiado_lancamentos', { user_id: other, cliente_id: maria, tipo: 'debito', valor: 99, data: payday });
  // Today, on the device: a debit of R$ 10.
  await device.remote.clients.addDebit({ cliente_id: maria, valor: 10 });
}, 120_000);
afterAll(async () => {
  await device.close();
  await stack.close();
});

describe("a client's statement before the window", () => {
  it('goes on online, newest first, the running balance continuing backwards to zero', { timeout: 90_000 }, async () => {
    // The server's base of Maria's older entries reaches the device: her balance is all of them and today's debit.
    await device.remote.sync.syncNow();
    await answerOf('client', { clientId: maria }, (found) => found?.saldo === 92.5);
    const shown = await answerOf('clientStatement', { clientId: maria }, (entries) => entries.length === 1);
    expect(shown.map((entry) => [entry.kind, entry.valor, entry.saldo])).toEqual([['debito', 10, 92.5]]);

    const first = await answerOf('olderStatement', { clientId: maria, page: 1 }, (view) => view.entries.length > 0);
    const second = await answerOf('olderStatement', { clientId: maria, page: 2 }, (view) => view.entries.length > 0);
    expect(first).toMatchObject({ hasMore: true, reachable: true });
    expect(second).toMatchObject({ hasMore: false, reachable: true });
    const entries = [...first.entries, ...second.entries];
    expect(entries.map((entry) => entry.id)).toEqual(oldEntries.map((entry) => entry.id));

    // Each balance is the one after the entry: the newest older one ends where today's debit started (R$ 82,50).
    let balance = 8250;
    const expected = oldEntries.map((entry) => {
      const after = balance;
      balance -= Math.round(entry.valor * 100) * (entry.kind === 'pagamento' ? -1 : 1);
      return [entry.kind, entry.valor, after / 100];
    });
    expect(entries.map((entry) => [entry.kind, entry.valor, entry.saldo])).toEqual(expected);
    expect(balance).toBe(0);
  });

  it('offline, a page never read says it is online only', async () => {
    device.connectivity.set(false);
    try {
      const kept = await answerOf('olderStatement', { clientId: maria, page: 1 }, (view) => view.entries.length > 0);
      expect(kept.entries).toHaveLength(20);
      const joao = await device.remote.clients.create({ nome: 'João', telefone: '11987650000' });
      const unseen = await answerOf('olderStatement', { clientId: joao, page: 1 });
      expect(unseen).toEqual({ entries: [], hasMore: true, reachable: false });
    } finally {
      device.connectivity.set(true);
    }
  });
});
