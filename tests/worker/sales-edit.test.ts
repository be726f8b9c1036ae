// 'Editar Venda' and 'Excluir' on an offline device, through the real worker API: the §5 rules refuse with the
// spec's words and change nothing; prices stay the sale's; stock and the client's balance follow the edit; the
// sale keeps its hlc (a count taken after the sale is not undone by an edit); the list and details follow live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../src/i18n/errors.ts';
import type { DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import type { SaleEdit } from '../../workers/sales/schema.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let remote: RemoteApi<DataApi>;

// Noon of 15/03/2026 on the device, whatever the machine's time zone.
const NOW = new Date(2026, 2, 15, 12).getTime();

beforeAll(async () => {
  device = await openOfflineDevice('vendas-edicao', { now: () => NOW });
  ({ remote } = device);
});
afterAll(async () => {
  await device.close();
});

async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'o comando deveria ser recusado').toBeInstanceOf(DataError);
  return error as DataError;
}

async function saleDoc(id: string) {
  const doc = await device.workspace.database.vendas.findOne(id).exec();
  if (!doc) throw new Error(`venda ${id} não encontrada`);
  return doc.toJSON();
}

/** The sale as it is, as an edit input (to change one thing at a time). */
async function asEdit(id: string): Promise<SaleEdit> {
  const sale = await saleDoc(id);
  return {
    id,
    data: sale.data,
    tipo: sale.tipo,
    cliente_id: sale.cliente_id ?? null,
    forma_pagamento: sale.forma_pagamento ?? null,
    forma_pagamento_descricao: sale.forma_pagamento_descricao ?? null,
    itens: sale.itens.map((item) => ({ produto_id: item.produto_id, quantidade: item.quantidade })),
  };
}

describe('sales.update', () => {
  it("refuses a missing date, no item above zero and fiado without a client, with the spec's words, changing nothing", async () => {
    const produto = await remote.products.create({ nome: 'Café', preco: 12, estoque: 10 });
    const venda = await remote.sales.register({ itens: [{ produto_id: produto, quantidade: 2 }] });
    const before = await saleDoc(venda);
    const base = await asEdit(venda);
    const cases: [SaleEdit, string, string][] = [
      [{ ...base, data: '' }, 'data', 'Selecione uma data para a venda.'],
      [{ ...base, data: '2026-02-30' }, 'data', 'Selecione uma data para a venda.'],
      [{ ...base, itens: [{ produto_id: produto, quantidade: 0 }] }, 'itens', 'Adicione pelo menos um item à venda.'],
      [{ ...base, itens: [] }, 'itens', 'Adicione pelo menos um item à venda.'],
      [{ ...base, tipo: 'fiado', cliente_id: null }, 'cliente_id', 'Selecione um cliente para vendas fiado.'],
    ];
    for (const [input, field, message] of cases) {
      const error = await refusal(remote.sales.update(input));
      expect(error.code).toBe('invalid_input');
      expect(fieldMessages('saleEdit', error.issues)[field], JSON.stringify(error.issues)).toBe(message);
    }
    const missing = await refusal(remote.sales.update({ ...base, id: crypto.randomUUID() }));
    expect(missing.code).toBe('not_found');
    expect(await saleDoc(venda)).toEqual(before);
    expect(await remote.products.stockOf(produto)).toBe(8);
  });

  it("keeps the sale's prices, prices a new line at the product's price, drops lines at zero, totals in cents", async () => {
    const arroz = await remote.products.create({ nome: 'Arroz', preco: 0.1, estoque: 50 });
    const feijao = await remote.products.create({ nome: 'Feijão', preco: 8, estoque: 20 });
    const queijo = await remote.products.create({ nome: 'Queijo', marca: 'Minas', preco: 45.9, unidade: 'kg', estoque: 5 });
    const venda = await remote.sales.register({
      itens: [
        { produto_id: arroz, quantidade: 3 },
        { produto_id: feijao, quantidade: 2, preco_unitario: 7.5 },
      ],
    });
    await remote.products.update(arroz, { preco: 99 });
    const before = await saleDoc(venda);
    await remote.sales.update({
      ...(await asEdit(venda)),
      itens: [
        { produto_id: arroz, quantidade: 7 },
        { produto_id: feijao, quantidade: -1 },
        { produto_id: queijo, quantidade: 0.255 },
      ],
    });
    const after = await saleDoc(venda);
    expect(after.itens).toEqual([
      expect.objectContaining({ produto_id: arroz, quantidade: 7, preco_unitario: 0.1, preco_total: 0.7 }),
      expect.objectContaining({
        produto_id: queijo,
        quantidade: 0.255,
        preco_unitario: 45.9,
        preco_total: 11.7,
        nome_produto: 'Queijo',
        marca_produto: 'Minas',
        unidade_produto: 'kg',
      }),
    ]);
    expect(after.total).toBe(12.4);
    expect(after.hlc).toBe(before.hlc);
    expect(after.created_at).toBe(before.created_at);
    expect(await remote.products.stockOf(arroz)).toBe(43);
    expect(await remote.products.stockOf(feijao)).toBe(20);
    expect(await remote.products.stockOf(queijo)).toBe(4.745);
  });

  it("keeps one line per product, as the server does: a product listed twice is summed, at the sale's price", async () => {
    const leite = await remote.products.create({ nome: 'Leite', preco: 5 });
    const venda = await remote.sales.register({ itens: [{ produto_id: leite, quantidade: 1, preco_unitario: 4 }] });
    await remote.sales.update({
      ...(await asEdit(venda)),
      itens: [
        { produto_id: leite, quantidade: 2 },
        { produto_id: leite, quantidade: 3 },
      ],
    });
    expect((await saleDoc(venda)).itens.map((item) => [item.quantidade, item.preco_unitario, item.preco_total])).toEqual([
      [5, 4, 20],
    ]);
    await remote.sales.update({
      ...(await asEdit(venda)),
      itens: [
        { produto_id: leite, quantidade: 0 },
        { produto_id: leite, quantidade: 3 },
      ],
    });
    expect((await saleDoc(venda)).itens.map((item) => [item.quantidade, item.preco_unitario, item.preco_total])).toEqual([
      [3, 4, 12],
    ]);
  });

  it("moves the client's balance: fiado → à vista leaves it, back to fiado on another client owes there", async () => {
    const pao = await remote.products.create({ nome: 'Pão', preco: 0.75, estoque: 100 });
    const maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
    const joao = await remote.clients.create({ nome: 'João', telefone: '11912345678' });
    const balance = await device.watch('clientBalance', { clientId: maria });
    const venda = await remote.sales.register({ itens: [{ produto_id: pao, quantidade: 10 }], tipo: 'fiado', cliente_id: maria });
    await balance.until((value) => value === 7.5);

    await remote.sales.update({ ...(await asEdit(venda)), tipo: 'avista', cliente_id: null, forma_pagamento: 'pix' });
    await balance.until((value) => value === 0);
    expect(await remote.clients.balanceOf(maria)).toBe(0);

    await remote.sales.update({
      ...(await asEdit(venda)),
      tipo: 'fiado',
      cliente_id: joao,
      forma_pagamento: null,
      itens: [{ produto_id: pao, quantidade: 4 }],
    });
    expect(await remote.clients.balanceOf(joao)).toBe(3);
    expect(await remote.clients.balanceOf(maria)).toBe(0);
    expect(await remote.products.stockOf(pao)).toBe(96);

    await remote.sales.remove(venda);
    expect(await remote.clients.balanceOf(joao)).toBe(0);
    expect(await remote.products.stockOf(pao)).toBe(100);
    await balance.stop();
  });

  it('keeps the hlc: a count taken after the sale already saw the shelf, so editing the sale does not change the stock', async () => {
    const ovos = await remote.products.create({ nome: 'Ovos', preco: 1, estoque: 30 });
    const venda = await remote.sales.register({ itens: [{ produto_id: ovos, quantidade: 12 }] });
    expect(await remote.products.stockOf(ovos)).toBe(18);
    await remote.stock.count({ produto_id: ovos, quantidade: 17 });
    await remote.sales.update({ ...(await asEdit(venda)), itens: [{ produto_id: ovos, quantidade: 6 }] });
    expect(await remote.products.stockOf(ovos)).toBe(17);
    await remote.stock.receive({ produto_id: ovos, quantidade: 3 });
    expect(await remote.products.stockOf(ovos)).toBe(20);
  });
});
