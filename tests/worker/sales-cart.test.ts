// The new sale's cart and its finishing, offline, through the real API: the cart is a Y.Doc kept on the device
// (a second API on the same store stands for the reloaded page), one line per product, finishing stores one sale
// and clears the cart, selling past the stock is allowed and marked, and the sale rules refuse with their fields;
// the cash received goes with a cash sale.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject } from 'rxjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { fieldMessages } from '../../src/i18n/errors.ts';
import { createDataApiParts, type CartView, type SaleDetails } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import { memoryDraftPersistence, type DraftPersistence } from '../../workers/drafts/persistence.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';

const NOWHERE = 'http://127.0.0.1:9';
const client = createClient(NOWHERE, 'anon', {
  auth: { persistSession: false, autoRefreshToken: false },
  realtime: { transport: WebSocket as unknown as never },
});
// One device database open at a time (as one page is): the previous one closes before the next opens.
let closeOpened: () => Promise<void> = () => Promise.resolve();
afterEach(async () => {
  await closeOpened();
});

/** One page of the app on a device: its database (memory, kept by name) and its cart store. */
async function openPage(device: { userId: string; name: string; carts: DraftPersistence }) {
  await closeOpened();
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity: createManualConnectivity(false),
    draftPersistence: device.carts,
    ownerData: {
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: device.name,
      serverUrl: NOWHERE,
      deviceId: 'balcao',
      realtime: false,
      session$: new BehaviorSubject<OwnerSession | null>({ userId: device.userId, client }),
    },
  });
  const workspace = await parts.workspace.current();
  closeOpened = async () => {
    closeOpened = () => Promise.resolve();
    await workspace.close();
  };
  return { api: parts.api, workspace };
}

/**
 * A store that behaves as y-indexeddb does: emptying it also unbinds it from the doc (the provider is destroyed
 * first), so anything written to that doc after would be lost on the next reload.
 */
function unbindingPersistence(): DraftPersistence {
  const saved = new Map<string, Uint8Array>();
  return (key, doc) => {
    const stored = saved.get(key);
    if (stored) Y.applyUpdate(doc, stored);
    const save = () => {
      saved.set(key, Y.encodeStateAsUpdate(doc));
    };
    doc.on('update', save);
    const unbind = () => {
      doc.off('update', save);
      return Promise.resolve();
    };
    const forget = () => {
      saved.delete(key);
      return unbind();
    };
    return { ready: Promise.resolve(), empty: forget, close: unbind };
  };
}

const newDevice = () => ({ userId: randomUUID(), name: `carrinho-${randomUUID().slice(0, 8)}`, carts: memoryDraftPersistence() });

/** The cart as a screen sees it now (the live query's first value). */
async function cartOf(api: Awaited<ReturnType<typeof openPage>>['api']): Promise<CartView> {
  const first = await new Promise<CartView>((resolve, reject) => {
    const id = api.live.subscribe('cart', undefined, (update) => {
      queueMicrotask(() => {
        api.live.unsubscribe(id);
      });
      if (update.status === 'ok') resolve(update.value);
      else reject(new Error(update.error.code));
    });
  });
  return first;
}

/** A sale's details as the dialog reads them. */
async function detailsOf(api: Awaited<ReturnType<typeof openPage>>['api'], saleId: string): Promise<SaleDetails> {
  return new Promise<SaleDetails>((resolve, reject) => {
    const id = api.live.subscribe('saleDetails', { saleId }, (update) => {
      queueMicrotask(() => {
        api.live.unsubscribe(id);
      });
      if (update.status === 'ok' && update.value) resolve(update.value);
      else reject(new Error(update.status === 'ok' ? 'not_found' : update.error.code));
    });
  });
}

async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(DataError);
  return error as DataError;
}

describe('cart', () => {
  it('keeps the cart across a reload, one line per product, until the sale is finished', async () => {
    const device = newDevice();
    const first = await openPage(device);
    const arroz = await first.api.products.create({ nome: 'Arroz', preco: 25, unidade: 'un', codigo_barras: '7891234567895' });
    const queijo = await first.api.products.create({ nome: 'Queijo', preco: 40, unidade: 'kg' });
    await first.api.stock.count({ produto_id: arroz, quantidade: 10 });
    await first.api.cart.add({ produto_id: arroz });
    await first.api.cart.addByBarcode('7891234567895');
    await first.api.cart.add({ produto_id: queijo, quantidade: 0.25 });
    await first.api.cart.setOptions({ forma_pagamento: 'cartao', tipo_cartao: 'parcelado', parcelas: 3 });

    const reloaded = await openPage(device);
    const cart = await cartOf(reloaded.api);
    expect(cart.itens.map((line) => [line.nome, line.quantidade, line.subtotal])).toEqual([
      ['Arroz', '2', 50],
      ['Queijo', '0,25', 10],
    ]);
    expect(cart.count).toBe(2);
    expect(cart.total).toBe(60);
    expect(cart.opcoes).toMatchObject({ forma_pagamento: 'cartao', tipo_cartao: 'parcelado', parcelas: 3 });

    const sold = await reloaded.api.cart.checkout();
    expect(sold.total).toBe(60);
    const sale = await reloaded.workspace.database.vendas.findOne(sold.id).exec();
    expect(sale?.itens.map((item) => [item.nome_produto, item.quantidade, item.preco_total])).toEqual([
      ['Arroz', 2, 50],
      ['Queijo', 0.25, 10],
    ]);
    expect(sale?.total).toBe(sold.total);
    expect(sale?.forma_pagamento).toBe('cartao');
    expect(JSON.parse(sale?.forma_pagamento_descricao ?? 'null')).toEqual({ tipo_cartao: 'parcelado', parcelas: 3 });
    expect(await reloaded.api.products.stockOf(arroz)).toBe(8);
    expect((await cartOf(reloaded.api)).count).toBe(0);

    const again = await openPage(device);
    expect(await cartOf(again.api)).toMatchObject({ count: 0, total: 0, opcoes: { forma_pagamento: 'dinheiro' } });
  });

  it('keeps the next cart after a finished sale and after Limpar Carrinho (a store unbound by clearing is never used)', async () => {
    const device = { ...newDevice(), carts: unbindingPersistence() };
    const page = await openPage(device);
    const cafe = await page.api.products.create({ nome: 'Café', preco: 15 });
    await page.api.cart.add({ produto_id: cafe });
    await page.api.cart.checkout();
    await page.api.cart.add({ produto_id: cafe });
    const reloaded = await openPage(device);
    expect((await cartOf(reloaded.api)).count).toBe(1);
    await reloaded.api.cart.clear();
    await reloaded.api.cart.add({ produto_id: cafe });
    await reloaded.api.cart.add({ produto_id: cafe });
    const again = await openPage(device);
    expect((await cartOf(again.api)).itens[0]?.quantidade).toBe('2');
  });

  it("'Limpar Carrinho' empties it on this device for good; another owner has a cart of their own", async () => {
    const device = newDevice();
    const page = await openPage(device);
    const pao = await page.api.products.create({ nome: 'Pão', preco: 0.5 });
    await page.api.cart.add({ produto_id: pao });
    const other = await openPage({ ...device, userId: randomUUID(), name: `${device.name}-b` });
    expect((await cartOf(other.api)).count).toBe(0);
    const back = await openPage(device);
    expect((await cartOf(back.api)).count).toBe(1);
    await back.api.cart.clear();
    const reloaded = await openPage(device);
    expect((await cartOf(reloaded.api)).count).toBe(0);
  });

  it('sells past the stock shown (marked), and a typed weight; a line at zero does not count', async () => {
    const { api } = await openPage(newDevice());
    const feijao = await api.products.create({ nome: 'Feijão', preco: 8 });
    const linguica = await api.products.create({ nome: 'Linguiça', preco: 30, unidade: 'kg' });
    await api.stock.count({ produto_id: feijao, quantidade: 1 });
    await api.cart.add({ produto_id: feijao });
    expect((await cartOf(api)).itens[0]?.acimaDoEstoque).toBe(false);
    await api.cart.add({ produto_id: feijao });
    expect((await cartOf(api)).itens[0]).toMatchObject({ quantidade: '2', acimaDoEstoque: true, estoque: 1 });
    await api.cart.add({ produto_id: linguica });
    await api.cart.setQuantity({ produto_id: linguica, quantidade: '' });
    expect((await cartOf(api)).total).toBe(16);
    await api.cart.setQuantity({ produto_id: linguica, quantidade: '1,5' });
    expect((await cartOf(api)).total).toBe(61);
    const error = await refusal(api.cart.setQuantity({ produto_id: linguica, quantidade: '1.5' }));
    expect(error.issueOf('quantidade')?.code).toBe('invalid_format');
    await api.cart.setQuantity({ produto_id: linguica, quantidade: '0' });
    const { id } = await api.cart.checkout();
    expect(await api.products.stockOf(feijao)).toBe(-1);
    const sale = await api.sales.remove(id).then(() => 'removida');
    expect(sale).toBe('removida');
    expect(await api.products.stockOf(feijao)).toBe(1);
  });

  it("refuses an empty cart and fiado without a customer with the spec's words, keeping the cart", async () => {
    const { api, workspace } = await openPage(newDevice());
    let error = await refusal(api.cart.checkout());
    expect(fieldMessages('sales', error.issues).itens).toBe('Adicione produtos ao carrinho para finalizar a venda.');
    const leite = await api.products.create({ nome: 'Leite', preco: 5 });
    await api.cart.add({ produto_id: leite });
    await api.cart.setOptions({ tipo: 'fiado' });
    error = await refusal(api.cart.checkout());
    expect(fieldMessages('sales', error.issues).cliente_id).toBe('Selecione um cliente para vendas fiado.');
    expect(await workspace.database.vendas.count().exec()).toBe(0);
    expect((await cartOf(api)).count).toBe(1);

    const cliente = await api.clients.create({ nome: 'José', telefone: '11987654321' });
    await api.cart.setOptions({ cliente_id: cliente, cliente_nome: 'José' });
    await api.cart.checkout();
    expect(await api.clients.balanceOf(cliente)).toBe(5);
    const sale = (await workspace.database.vendas.find().exec())[0];
    expect(sale?.toJSON()).toMatchObject({
      tipo: 'fiado',
      cliente_id: cliente,
      forma_pagamento: null,
      forma_pagamento_descricao: null,
    });
  });

  it('a barcode nobody has is not_found; an unknown product is not_found', async () => {
    const { api } = await openPage(newDevice());
    expect((await refusal(api.cart.addByBarcode('0000000000000'))).code).toBe('not_found');
    expect((await refusal(api.cart.add({ produto_id: randomUUID() }))).code).toBe('not_found');
  });

  it('lists the weighed products and pages the customer picker ignoring accents', async () => {
    const { api } = await openPage(newDevice());
    await api.products.create({ nome: 'Café', preco: 20 });
    await api.products.create({ nome: 'Queijo', preco: 40, unidade: 'kg' });
    await api.products.create({ nome: 'Alho', preco: 0.05, unidade: 'g' });
    for (let index = 0; index < 12; index += 1)
      await api.clients.create({ nome: `João ${String(index).padStart(2, '0')}`, telefone: '11987654321' });
    await api.clients.create({ nome: 'Maria', telefone: '11987654321' });
    const weighed = await new Promise<string[]>((resolve) => {
      void api.live.subscribe('weighedProducts', undefined, (update) => {
        if (update.status === 'ok') resolve((update.value as { nome: string }[]).map((product) => product.nome));
      });
    });
    expect(weighed).toEqual(['Alho', 'Queijo']);
    const page = (search: string, limit: number) =>
      new Promise<{ items: readonly { nome: string }[]; total: number }>((resolve) => {
        void api.live.subscribe('customerPicker', { search, limit }, (update) => {
          if (update.status === 'ok') resolve(update.value);
        });
      });
    expect(await page('JOAO', 10)).toMatchObject({ total: 12 });
    expect((await page('joao', 10)).items).toHaveLength(10);
    expect((await page('joao', 20)).items).toHaveLength(12);
    expect((await page('', 10)).total).toBe(13);
  });
});

describe('sale schema', () => {
  it('keeps one line per product, as the server keeps one item row: a product listed twice is summed into its first line', async () => {
    const { api, workspace } = await openPage(newDevice());
    const sal = await api.products.create({ nome: 'Sal', preco: 3 });
    const acucar = await api.products.create({ nome: 'Açúcar', preco: 4.5 });
    const id = await api.sales.register({
      itens: [
        { produto_id: sal, quantidade: 1 },
        { produto_id: acucar, quantidade: 0.5 },
        { produto_id: sal, quantidade: 2 },
      ],
    });
    const sale = (await workspace.database.vendas.findOne(id).exec())?.toJSON();
    expect(sale?.itens.map((item) => [item.nome_produto, item.quantidade, item.preco_total])).toEqual([
      ['Sal', 3, 9],
      ['Açúcar', 0.5, 2.25],
    ]);
    expect(sale?.total).toBe(11.25);
  });

  it("keeps 'Valor recebido' with a cash sale, shown with its change in the details; not when it falls short or is not cash", async () => {
    const { api } = await openPage(newDevice());
    const cafe = await api.products.create({ nome: 'Café', preco: 15.9 });
    await api.cart.add({ produto_id: cafe });
    await api.cart.setOptions({ valor_recebido: 20 });
    expect((await cartOf(api)).opcoes.valor_recebido).toBe(20);
    const cash = await api.cart.checkout();
    expect(await detailsOf(api, cash.id)).toMatchObject({ total: 15.9, valorRecebido: 20 });
    expect((await cartOf(api)).opcoes.valor_recebido).toBeNull();

    await api.cart.add({ produto_id: cafe });
    await api.cart.setOptions({ valor_recebido: 10 });
    const short = await api.cart.checkout();
    expect(await detailsOf(api, short.id)).toMatchObject({ valorRecebido: null });

    await api.cart.add({ produto_id: cafe });
    await api.cart.setOptions({ valor_recebido: 20, forma_pagamento: 'pix' });
    const pix = await api.cart.checkout();
    expect(await detailsOf(api, pix.id)).toMatchObject({ valorRecebido: null });

    const error = await refusal(
      api.sales.register({ itens: [{ produto_id: cafe, quantidade: 2 }], forma_pagamento: 'dinheiro', valor_recebido: 30 }),
    );
    expect(error.issueOf('valor_recebido')?.code).toBe('too_small');
  });

  it('an edited cash sale keeps the amount received while it covers the total, and drops it otherwise', async () => {
    const { api } = await openPage(newDevice());
    const pao = await api.products.create({ nome: 'Pão', preco: 4 });
    const id = await api.sales.register({
      itens: [{ produto_id: pao, quantidade: 2 }],
      forma_pagamento: 'dinheiro',
      valor_recebido: 10,
    });
    const sale = await detailsOf(api, id);
    const edit = {
      id,
      data: sale.data,
      tipo: 'avista' as const,
      cliente_id: null,
      forma_pagamento: 'dinheiro',
      forma_pagamento_descricao: null,
    };
    await api.sales.update({ ...edit, itens: [{ produto_id: pao, quantidade: 1 }] });
    expect(await detailsOf(api, id)).toMatchObject({ total: 4, valorRecebido: 10 });
    await api.sales.update({ ...edit, itens: [{ produto_id: pao, quantidade: 3 }] });
    expect(await detailsOf(api, id)).toMatchObject({ total: 12, valorRecebido: null });
  });

  it('discounts a line by a percentage and the sale in reais: exact cents, stock by quantity, fiado balance by the net', async () => {
    const { api, workspace } = await openPage(newDevice());
    const queijo = await api.products.create({ nome: 'Queijo', preco: 33.33, unidade: 'un' });
    const pao = await api.products.create({ nome: 'Pão', preco: 0.75, unidade: 'un' });
    await api.stock.count({ produto_id: queijo, quantidade: 10 });
    const cliente = await api.clients.create({ nome: 'Ana', telefone: '11987654321' });
    await api.cart.add({ produto_id: queijo, quantidade: 3 });
    await api.cart.add({ produto_id: pao, quantidade: 4 });
    // 10% of R$ 99,99 is R$ 10,00 (rounded to the cent); then R$ 2,50 off the sale.
    await api.cart.setLineDiscount({ produto_id: queijo, desconto: { tipo: 'percentual', valor: 10 } });
    await api.cart.setOptions({
      desconto: { tipo: 'valor', valor: 2.5 },
      tipo: 'fiado',
      cliente_id: cliente,
      cliente_nome: 'Ana',
    });
    const cart = await cartOf(api);
    expect(cart.itens.map((line) => [line.nome, line.subtotal, line.descontoValor])).toEqual([
      ['Queijo', 99.99, 10],
      ['Pão', 3, 0],
    ]);
    expect(cart).toMatchObject({ bruto: 102.99, descontos: 12.5, total: 90.49 });

    const sold = await api.cart.checkout();
    expect(sold.total).toBe(90.49);
    const sale = (await workspace.database.vendas.findOne(sold.id).exec())?.toJSON();
    expect(sale).toMatchObject({ total: 90.49, desconto: 2.5 });
    expect(sale?.itens.map((item) => [item.preco_total, item.desconto ?? 0])).toEqual([
      [99.99, 10],
      [3, 0],
    ]);
    expect(await api.products.stockOf(queijo)).toBe(7);
    expect(await api.clients.balanceOf(cliente)).toBe(90.49);
    expect(await detailsOf(api, sold.id)).toMatchObject({ total: 90.49, desconto: 2.5 });
  });

  it('a discount never takes a total below zero: the cart caps it, a sale asking for more is refused', async () => {
    const { api } = await openPage(newDevice());
    const bala = await api.products.create({ nome: 'Bala', preco: 0.5 });
    await api.cart.add({ produto_id: bala, quantidade: 2 });
    await api.cart.setLineDiscount({ produto_id: bala, desconto: { tipo: 'valor', valor: 5 } });
    await api.cart.setOptions({ desconto: { tipo: 'percentual', valor: 50 } });
    expect(await cartOf(api)).toMatchObject({ bruto: 1, descontos: 1, total: 0 });
    const refusedPercent = await refusal(api.cart.setOptions({ desconto: { tipo: 'percentual', valor: 120 } }));
    expect(refusedPercent.issueOf('desconto.valor')?.code).toBe('too_large');

    let error = await refusal(api.sales.register({ itens: [{ produto_id: bala, quantidade: 2, desconto: 1.01 }] }));
    expect(error.issueOf('itens.0.desconto')?.code).toBe('too_large');
    error = await refusal(api.sales.register({ itens: [{ produto_id: bala, quantidade: 2, desconto: 0.5 }], desconto: 0.51 }));
    expect(error.issueOf('desconto')?.code).toBe('too_large');
  });
});
