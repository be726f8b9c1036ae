// The products screens' live reads, offline on memory storage through the real API over a MessageChannel: the
// page-able list (accent-insensitive search, by name, total, stock and low-stock flag and filter), one product, its stock
// history with the stock after each fact, the product count and the barcode lookup.
import { randomUUID } from 'node:crypto';
import { proxy } from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataApi, type LiveQueries, type LiveQueryName } from '../../workers/api.ts';
import type { LiveUpdate } from '../../workers/contract/live.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let remote: RemoteApi<DataApi>;
let workspace: Workspace;
let device: OfflineDevice;

beforeAll(async () => {
  device = await openOfflineDevice('produtos');
  ({ remote, workspace } = device);
});
afterAll(async () => {
  await device.close();
});

type Name = LiveQueryName;
type Result<N extends Name> = LiveQueries[N] extends (params: never) => import('rxjs').Observable<infer R> ? R : never;

/** Subscribes and resolves with the first value that satisfies `accept`, then unsubscribes. */
async function liveValue<N extends Name>(name: N, params: Parameters<LiveQueries[N]>[0], accept: (value: Result<N>) => boolean) {
  let resolve: (value: Result<N>) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const found = new Promise<Result<N>>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  const id = await remote.live.subscribe(
    name,
    params,
    proxy((update: LiveUpdate<unknown>) => {
      if (update.status === 'error') reject(new Error(update.error.code));
      else if (accept(update.value as Result<N>)) resolve(update.value as Result<N>);
    }),
  );
  try {
    return await found;
  } finally {
    await remote.live.unsubscribe(id);
  }
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.feijao = await remote.products.create({ nome: 'Feijão Carioca', preco: 8.5, estoque: 3, estoque_minimo: 5 });
  ids.arroz = await remote.products.create({ nome: 'arroz tipo 1', preco: 25, estoque: 40, codigo_barras: '7891234567890' });
  ids.carne = await remote.products.create({ nome: 'Carne moída', preco: 39.9, unidade: 'kg', estoque: 2.5 });
  for (let index = 0; index < 12; index += 1) {
    await remote.products.create({ nome: `Produto ${String(index).padStart(2, '0')}`, preco: 1 });
  }
});

describe('productList', () => {
  it('pages by name with the total, derived stock and the low-stock flag', async () => {
    const page = await liveValue('productList', { text: '', limit: 10 }, (value) => value.total === 15);
    expect(page.items).toHaveLength(10);
    expect(page.items.slice(0, 3).map((item) => item.nome)).toEqual(['arroz tipo 1', 'Carne moída', 'Feijão Carioca']);
    const feijao = page.items[2];
    expect(feijao?.estoque).toBe(3);
    expect(feijao?.estoqueBaixo).toBe(true);
    expect(page.items[0]?.estoqueBaixo).toBe(false);
    const more = await liveValue('productList', { text: '', limit: 20 }, () => true);
    expect(more.items).toHaveLength(15);
  });

  it('finds by name ignoring accents and case', async () => {
    const page = await liveValue('productList', { text: 'FEIJAO', limit: 10 }, () => true);
    expect(page.items.map((item) => item.id)).toEqual([ids.feijao]);
    expect(page.total).toBe(1);
    const moida = await liveValue('productList', { text: 'moida', limit: 10 }, () => true);
    expect(moida.items.map((item) => item.id)).toEqual([ids.carne]);
  });

  it('filtered to low stock, lists only the products below their minimum, paged, with their total', async () => {
    const low = await liveValue('productList', { text: '', limit: 10, lowStock: true }, (value) => value.total === 14);
    expect(low.items).toHaveLength(10);
    expect(low.items.slice(0, 3).map((item) => item.nome)).toEqual(['Carne moída', 'Feijão Carioca', 'Produto 00']);
    expect(low.items.every((item) => item.estoqueBaixo)).toBe(true);
    const arroz = await liveValue('productList', { text: 'arroz', limit: 10, lowStock: true }, () => true);
    expect(arroz).toEqual({ items: [], total: 0 });
  });

  it('follows a stock entry live', async () => {
    const seen = liveValue('productList', { text: 'feijão', limit: 10 }, (value) => value.items[0]?.estoque === 10);
    await remote.stock.receive({ produto_id: ids.feijao ?? '', quantidade: 7 });
    const page = await seen;
    expect(page.items[0]?.estoqueBaixo).toBe(false);
  });
});

describe('productDetail', () => {
  it('gives the product with its stock, and null for a missing or deleted one', async () => {
    const carne = await liveValue('productDetail', { productId: ids.carne ?? '' }, (value) => value !== null);
    expect(carne).toMatchObject({ nome: 'Carne moída', unidade: 'kg', estoque: 2.5, estoqueBaixo: true });
    expect(await liveValue('productDetail', { productId: randomUUID() }, () => true)).toBeNull();
    const gone = await remote.products.create({ nome: 'Apagar', preco: 1 });
    const removed = liveValue('productDetail', { productId: gone }, (value) => value === null);
    await remote.products.remove(gone);
    expect(await removed).toBeNull();
  });
});

describe('productStockHistory', () => {
  it('lists counts, entries and sales newest first with the stock after each', async () => {
    const id = await remote.products.create({ nome: 'Queijo', preco: 50, unidade: 'kg', estoque: 2 });
    await remote.stock.receive({ produto_id: id, quantidade: 1.5 });
    await remote.sales.register({ itens: [{ produto_id: id, quantidade: 0.25 }] });
    await remote.stock.count({ produto_id: id, quantidade: 3 });
    const history = await liveValue('productStockHistory', { productId: id }, (value) => value.length === 4);
    expect(history.map((entry) => [entry.kind, entry.quantidade, entry.estoque])).toEqual([
      ['ajuste', 3, 3],
      ['venda', 0.25, 3.25],
      ['entrada', 1.5, 3.5],
      ['ajuste', 2, 2],
    ]);
    expect(await remote.products.stockOf(id)).toBe(3);
  });
});

describe('productCount and findByBarcode', () => {
  it('counts the products and finds one by its exact barcode', async () => {
    const total = (await workspace.database.produtos.find().exec()).length;
    expect(await liveValue('productCount', undefined, () => true)).toBe(total);
    expect(await remote.products.findByBarcode('7891234567890')).toEqual({ id: ids.arroz, nome: 'arroz tipo 1' });
    expect(await remote.products.findByBarcode('789123456789')).toBeNull();
    expect(await liveValue('productByBarcode', { code: ' 7891234567890 ' }, () => true)).toEqual({
      id: ids.arroz,
      nome: 'arroz tipo 1',
    });
    expect(await liveValue('productByBarcode', { code: '' }, () => true)).toBeNull();
  });
});
