// The header search's results from the device, offline on memory storage through the real API over a
// MessageChannel: products (name, brand, barcode) and clients (name), accents and case ignored, with stock and
// balance; nothing for a blank text; a client added while the results are open joins them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApi } from '../../workers/api.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let remote: RemoteApi<DataApi>;
let device: OfflineDevice;

beforeAll(async () => {
  device = await openOfflineDevice('busca');
  ({ remote } = device);
});
afterAll(async () => {
  await device.close();
});

const follow: OfflineDevice['watch'] = (name, params) => device.watch(name, params);

const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.feijao = await remote.products.create({ nome: 'Feijão Carioca', preco: 8.5, estoque: 3 });
  ids.arroz = await remote.products.create({ nome: 'Arroz', marca: 'Tio João', preco: 25, codigo_barras: '7891234567890' });
  ids.joao = await remote.clients.create({ nome: 'João da Silva', telefone: '11987654321' });
  ids.maria = await remote.clients.create({ nome: 'Maria', telefone: '11912345678' });
  await remote.clients.addDebit({ cliente_id: ids.joao, valor: 12.5 });
});

describe('search', () => {
  it('finds products by name, brand or barcode and clients by name, accents and case ignored', async () => {
    const live = await follow('search', { text: '  JOAO ' });
    const found = await live.until((value) => value.clientTotal > 0);
    await live.stop();
    expect(found.text).toBe('JOAO');
    expect(found.products.map((item) => item.nome)).toEqual(['Arroz']);
    expect(found.clients.map((item) => [item.nome, item.saldo])).toEqual([['João da Silva', 12.5]]);
    expect([found.productTotal, found.clientTotal]).toEqual([1, 1]);

    const feijao = await follow('search', { text: 'feijao' });
    const beans = await feijao.until((value) => value.productTotal > 0);
    await feijao.stop();
    expect(beans.products).toEqual([
      { id: ids.feijao, nome: 'Feijão Carioca', marca: null, unidade: 'un', preco: 8.5, estoque: 3 },
    ]);
    expect(beans.clients).toEqual([]);

    const barcode = await follow('search', { text: '789123' });
    expect((await barcode.until((value) => value.productTotal > 0)).products.map((item) => item.nome)).toEqual(['Arroz']);
    await barcode.stop();
  });

  it('gives nothing for a blank text, and no results for a text nothing matches', async () => {
    const blank = await follow('search', { text: '   ' });
    expect(await blank.until(() => true)).toEqual({ text: '', products: [], productTotal: 0, clients: [], clientTotal: 0 });
    await blank.stop();
    const none = await follow('search', { text: 'xyz' });
    expect(await none.until(() => true)).toMatchObject({ productTotal: 0, clientTotal: 0 });
    await none.stop();
  });

  it('follows the data: a client added while the results are open joins them', async () => {
    const live = await follow('search', { text: 'maria' });
    await live.until((value) => value.clientTotal === 1);
    await remote.clients.create({ nome: 'Ana Maria Souza', telefone: '11955554444' });
    const both = await live.until((value) => value.clientTotal === 2);
    await live.stop();
    expect(both.clients.map((item) => item.nome)).toEqual(['Ana Maria Souza', 'Maria']);
  });
});
