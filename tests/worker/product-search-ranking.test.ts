// Which products a search lists and in what order, offline through the real API over a MessageChannel: the
// category is not searched ('queijo' must not find the yoghurt and the butter filed under 'queijos_frios'), and
// name matches come first (a word of the name that starts with the text, then a name containing it), before
// products found only by brand or barcode; the header search and the products list agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApi } from '../../workers/api.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let remote: RemoteApi<DataApi>;
let device: OfflineDevice;

beforeAll(async () => {
  device = await openOfflineDevice('busca-ordem');
  ({ remote } = device);
  const dairy = { preco: 10, categoria: 'queijos_frios' };
  await remote.products.create({ nome: 'Iogurte Natural', ...dairy });
  await remote.products.create({ nome: 'Manteiga com Sal', ...dairy });
  await remote.products.create({ nome: 'Requeijão Cremoso', ...dairy });
  await remote.products.create({ nome: 'Queijo Minas Frescal', ...dairy });
  await remote.products.create({ nome: 'Pão de Queijo', preco: 12, categoria: 'alimentos' });
  await remote.products.create({ nome: 'Minipizza Quatro-queijos', preco: 15, categoria: 'alimentos' });
  await remote.products.create({ nome: 'Biscoito Amanteigado', marca: 'Queijaria da Serra', preco: 5 });
  await remote.products.create({ nome: 'Leite Integral', preco: 6, codigo_barras: '7896543210987' });
});
afterAll(async () => {
  await device.close();
});

describe('product search ranking', () => {
  it("'queijo' lists the products named so, words starting with it first, and not the dairy case's yoghurt", async () => {
    const live = await device.watch('search', { text: 'queijo' });
    const found = await live.until((value) => value.productTotal > 0);
    await live.stop();
    expect(found.products.map((item) => item.nome)).toEqual([
      'Pão de Queijo',
      'Queijo Minas Frescal',
      'Minipizza Quatro-queijos',
    ]);

    const list = await device.watch('productList', { text: 'QUEIJO', limit: 10 });
    const page = await list.until((value) => value.total > 0);
    await list.stop();
    expect(page.items.map((item) => item.nome)).toEqual(['Pão de Queijo', 'Queijo Minas Frescal', 'Minipizza Quatro-queijos']);
  });

  it('lists a product found by its brand after those found by name, and still finds a barcode', async () => {
    const live = await device.watch('search', { text: 'queij' });
    const found = await live.until((value) => value.productTotal > 0);
    await live.stop();
    expect(found.products.map((item) => item.nome)).toEqual([
      'Pão de Queijo',
      'Queijo Minas Frescal',
      'Minipizza Quatro-queijos',
      'Requeijão Cremoso',
      'Biscoito Amanteigado',
    ]);

    const barcode = await device.watch('search', { text: '654321' });
    expect((await barcode.until((value) => value.productTotal > 0)).products.map((item) => item.nome)).toEqual([
      'Leite Integral',
    ]);
    await barcode.stop();
  });

  it('finds nothing by a category key alone', async () => {
    const live = await device.watch('productList', { text: 'frios', limit: 10 });
    expect(await live.until(() => true)).toMatchObject({ items: [], total: 0 });
    await live.stop();
  });
});
