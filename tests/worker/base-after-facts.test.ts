// A server base that arrives after the facts it sits under (a new device pulls today's sales, then the bases, in
// any order): every screen that shows a stock follows it at once, with no other write to wake it. The list of
// products, the sale screen's weighed products and cart, the search, the dashboard's low stock and the product's
// stock history all read the stock the base and today's facts make.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let feijao = '';
let carne = '';

beforeAll(async () => {
  device = await openOfflineDevice('base-depois');
  const api = device.remote;
  feijao = await api.products.create({ nome: 'Feijão carioca 1kg', preco: 8.5, estoque_minimo: 5 });
  carne = await api.products.create({ nome: 'Carne moída', preco: 39.9, unidade: 'kg', estoque_minimo: 1 });
  // Today's sales are here; the counts and sales before the cut are only in the server's bases, not yet pulled.
  await api.sales.register({ itens: [{ produto_id: feijao, quantidade: 2 }] });
  await api.sales.register({ itens: [{ produto_id: carne, quantidade: 0.5 }] });
  await api.cart.add({ produto_id: feijao, quantidade: 1 });
});
afterAll(async () => {
  await device.close();
});

/** The server's fold before the cut, written as the pull writes it: stamped after the facts it holds. */
async function baseArrives(productId: string, valor: number): Promise<void> {
  const cut = new Date(Date.now() - 3_600_000).toISOString();
  const stamp = new Date().toISOString();
  await device.workspace.database.bases_contadores.insert({
    id: randomUUID(),
    user_id: device.userId,
    tipo: 'estoque',
    ref_id: productId,
    valor,
    corte: cut,
    ultima_contagem_hlc: '',
    created_at: stamp,
    updated_at: stamp,
    server_modified: stamp,
  });
}

describe('a base pulled after the facts', () => {
  it('moves every stock on screen without another write', async () => {
    const list = await device.watch('productList', { text: '', limit: 10 });
    const lowStock = await device.watch('dashboardLowStock', undefined);
    const search = await device.watch('search', { text: 'feijão' });
    const weighed = await device.watch('weighedProducts', undefined);
    const cart = await device.watch('cart', undefined);
    const history = await device.watch('productStockHistory', { productId: feijao });
    const stockIn = (page: { items: readonly { id: string; estoque: number }[] }, id: string) =>
      page.items.find((item) => item.id === id)?.estoque;

    // Before the bases: what today's facts alone make (below zero), the feijão among the low stock.
    await list.until((page) => stockIn(page, feijao) === -2);
    await lowStock.until((low) => low.items.some((item) => item.id === feijao));

    await baseArrives(feijao, 47);
    await baseArrives(carne, 3);

    const listed = await list.until((page) => stockIn(page, feijao) === 45 && stockIn(page, carne) === 2.5);
    expect(listed.items.map((item) => [item.nome, item.estoque, item.estoqueBaixo])).toEqual([
      ['Carne moída', 2.5, false],
      ['Feijão carioca 1kg', 45, false],
    ]);
    expect((await lowStock.until((low) => low.total === 0)).items).toEqual([]);
    expect((await search.until((found) => found.products[0]?.estoque === 45)).productTotal).toBe(1);
    expect((await weighed.until((items) => items[0]?.estoque === 2.5)).map((item) => item.nome)).toEqual(['Carne moída']);
    const line = (await cart.until((view) => view.itens[0]?.estoque === 45)).itens[0];
    expect(line?.acimaDoEstoque).toBe(false);
    expect((await history.until((entries) => entries[0]?.estoque === 45)).map((entry) => [entry.kind, entry.estoque])).toEqual([
      ['venda', 45],
    ]);
    for (const watch of [list, lowStock, search, weighed, cart, history]) await watch.stop();
  });
});
