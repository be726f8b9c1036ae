// Sales older than the window a device keeps, online (docs/growth.md §6): past the window's first day the sales list
// goes on with the server's sales, newest first a page at a time, only the owner's own; a sale's details open
// for them too, a split sale with its parts; offline, what was read this session stays and the rest says it is online
// only (never empty).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveQueries } from '../../workers/api.ts';
import { windowStart } from '../../workers/sync/window.ts';
import { daysBefore } from '../../workers/sales/list.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { openOfflineDevice, type LiveResult, type OfflineDevice } from './support/offline-device.ts';

let stack: TestStack;
let device: OfflineDevice;
const keptFrom = windowStart(Date.now());

/** An HLC of noon UTC of `day`, as a device would have stamped a sale then. */
const hlcOf = (day: string) => `${Date.parse(`${day}T12:00:00Z`).toString(36).padStart(11, '0')}:00000:antigo`;

interface SeededSale {
  id: string;
  data: string;
  total: number;
}

async function seedSale(userId: string, day: string, total: number, extra: Record<string, unknown> = {}): Promise<SeededSale> {
  const id = randomUUID();
  const produto = randomUUID();
  const { error } = await stack
    .serviceClient()
    .from('vendas')
    .insert({
      id,
      user_id: userId,
      data: day,
      total,
      hlc: hlcOf(day),
      itens: [
        {
          produto_id: produto,
          quantidade: 1,
          preco_unitario: total,
          preco_total: total,
          nome_produto: 'Café 500g',
          unidade_produto: 'un',
        },
      ],
      ...extra,
    });
  expect(error).toBeNull();
  return { id, data: day, total };
}

/** The first answer of a live query that satisfies `check`, the subscription ended as a screen leaving. */
async function answerOf<N extends 'olderSales' | 'saleDetails'>(
  name: N,
  params: Parameters<LiveQueries[N]>[0],
  check: (value: LiveResult<N>) => boolean = () => true,
): Promise<LiveResult<N>> {
  const live = await device.watch(name, params);
  const value = await live.until(check);
  await live.stop();
  return value;
}

const newestFirst = (a: SeededSale, b: SeededSale) => (a.data === b.data ? (a.id < b.id ? 1 : -1) : a.data < b.data ? 1 : -1);
let owned: SeededSale[] = [];
let maria = '';
let discounted: SeededSale;
const CREDIT_PARTS = [
  { forma: 'dinheiro', valor: 2.5 },
  { forma: 'fiado', valor: 5 },
];

beforeAll(async () => {
  stack = await startTestStack();
  const userId = randomUUID();
  const client = stack.client(await stack.mintUserToken(userId));
  device = await openOfflineDevice('vendas-antigas', { server: { url: stack.url, userId, client } });
  maria = await device.remote.clients.create({ nome: 'Maria Souza', telefone: '11987654321' });
  // 25 sales before the window (more than one online page), two on the same day; one is Maria's, R$ 5,00 of it on
  // credit and R$ 2,50 in cash.
  for (let index = 0; index < 24; index++)
    owned.push(await seedSale(userId, daysBefore(keptFrom, 1 + Math.floor(index / 2) * 3), 10 + index));
  owned.push(
    await seedSale(userId, daysBefore(keptFrom, 2), 7.5, {
      tipo: 'fiado',
      cliente_id: maria,
      forma_pagamento: 'dinheiro',
      pagamentos: CREDIT_PARTS,
    }),
  );
  // A cash sale of R$ 20,00 with R$ 1,00 off its line and R$ 1,00 off the sale, paid with a R$ 20,00 note.
  discounted = await seedSale(userId, daysBefore(keptFrom, 5), 18, {
    forma_pagamento: 'dinheiro',
    valor_recebido: 20,
    desconto: 1,
    itens: [
      {
        produto_id: randomUUID(),
        quantidade: 2,
        preco_unitario: 10,
        preco_total: 20,
        desconto: 1,
        nome_produto: 'Arroz 1kg',
        unidade_produto: 'un',
      },
    ],
  });
  owned.push(discounted);
  owned = owned.sort(newestFirst);
  // Another owner's old sale is never shown.
  const other = randomUUID();
  await stack.mintUserToken(other);
  await seedSale(other, daysBefore(keptFrom, 2), 99);
}, 120_000);
afterAll(async () => {
  await device.close();
  await stack.close();
});

describe('sales older than the window', () => {
  it('follow the list online, newest first, a page at a time', { timeout: 60_000 }, async () => {
    const period = { periodo: 'personalizado', tipo: 'todas' } as const;
    const first = await answerOf('olderSales', { ...period, page: 1 }, (view) => view.items.length > 0);
    expect(first.keptFrom).toBe(keptFrom);
    expect(first.items.map((sale) => sale.id)).toEqual(owned.slice(0, 20).map((sale) => sale.id));
    expect(first).toMatchObject({ hasMore: true, reachable: true });

    const second = await answerOf('olderSales', { ...period, page: 2 }, (view) => view.items.length > 0);
    expect(second.items.map((sale) => [sale.id, sale.data, sale.total])).toEqual(
      owned.slice(20).map((sale) => [sale.id, sale.data, sale.total]),
    );
    expect(second).toMatchObject({ hasMore: false, reachable: true });
    const credit = first.items.find((sale) => sale.tipo === 'fiado');
    expect(credit).toMatchObject({ clienteNome: 'Maria Souza', total: 7.5, itens: 1, pagamentos: CREDIT_PARTS });
    expect(first.items.find((sale) => sale.tipo !== 'fiado')?.pagamentos).toBeNull();

    // A period inside the window has nothing older to show.
    const month = await answerOf('olderSales', { periodo: '30dias', tipo: 'todas', page: 1 }, () => true);
    expect(month).toEqual({ keptFrom: null, items: [], hasMore: false, reachable: true });
  });

  it("opens an older sale's details, read online", async () => {
    const credit = owned.find((sale) => sale.total === 7.5);
    const details = await answerOf('saleDetails', { saleId: credit?.id ?? '' }, (sale) => sale !== null);
    expect(details).toMatchObject({
      source: 'server',
      tipo: 'fiado',
      total: 7.5,
      pagamentos: CREDIT_PARTS,
      cliente: { nome: 'Maria Souza' },
      itens: [{ nome: 'Café 500g', quantidade: 1, precoTotal: 7.5 }],
    });
    expect(details?.revision).toEqual(expect.any(String));
  });

  it("shows an older sale's discounts and the cash received, as the counter stored them", async () => {
    const details = await answerOf('saleDetails', { saleId: discounted.id }, (sale) => sale !== null);
    expect(details).toMatchObject({
      source: 'server',
      total: 18,
      desconto: 1,
      valorRecebido: 20,
      itens: [{ nome: 'Arroz 1kg', quantidade: 2, precoTotal: 20, desconto: 1 }],
    });
  });

  it('offline keeps what was read and says the rest is online only', async () => {
    device.connectivity.set(false);
    try {
      const kept = await answerOf(
        'olderSales',
        { periodo: 'personalizado', tipo: 'todas', page: 1 },
        (view) => view.items.length > 0,
      );
      expect(kept).toMatchObject({ reachable: true, hasMore: true });
      expect(kept.items).toHaveLength(20);
      const fiado = await answerOf('olderSales', { periodo: 'personalizado', tipo: 'fiado', page: 1 }, () => true);
      expect(fiado).toEqual({ keptFrom, items: [], hasMore: true, reachable: false });
      const unseen = await answerOf('saleDetails', { saleId: randomUUID() }, () => true);
      expect(unseen).toBeNull();
    } finally {
      device.connectivity.set(true);
    }
  });

  it('cancels an older sale online only, with the revision read; a stale one is refused', { timeout: 60_000 }, async () => {
    const target = owned[0];
    const details = await answerOf('saleDetails', { saleId: target?.id ?? '' }, (sale) => sale !== null);
    const revision = details?.revision ?? '';
    device.connectivity.set(false);
    try {
      await expect(device.remote.sales.removeOlder({ id: target?.id ?? '', revision })).rejects.toMatchObject({
        code: 'offline',
      });
    } finally {
      device.connectivity.set(true);
    }
    await expect(
      device.remote.sales.removeOlder({ id: target?.id ?? '', revision: '2020-01-01T00:00:00.000+00:00' }),
    ).rejects.toMatchObject({ code: 'stale_revision' });

    await device.remote.sales.removeOlder({ id: target?.id ?? '', revision });
    const first = await answerOf('olderSales', { periodo: 'personalizado', tipo: 'todas', page: 1 }, (view) =>
      view.items.every((sale) => sale.id !== target?.id),
    );
    expect(first.items.map((sale) => sale.id)).toEqual(owned.slice(1, 21).map((sale) => sale.id));
    expect(await answerOf('saleDetails', { saleId: target?.id ?? '' })).toBeNull();
  });
});
