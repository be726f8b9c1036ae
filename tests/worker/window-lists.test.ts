// The lists of facts at the edge of the window a device keeps (docs/growth.md §6): a period reaching before the
// window's first day says so (the screens' 'Vendas anteriores a … disponíveis apenas online' and the expenses'
// line), even when it finds nothing here; a period inside the window does not. A client's statement, whose older
// entries are online only, ends on the client's balance; a product's stock history on the product's stock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
const KEPT_FROM = '2026-03-17';
// Noon of 15/06/2026 on the device: the window (90 days) starts on 17/03/2026.
const NOW = new Date(2026, 5, 15, 12).getTime();
let ticks = 0;

beforeAll(async () => {
  device = await openOfflineDevice('vendas-janela', { now: () => NOW + ticks++ });
});
afterAll(async () => {
  await device.close();
});

describe('the sales list and the window', () => {
  it('ends a period that reaches before the window with the first day kept, and never calls it empty', async () => {
    const api = device.remote;
    const agua = await api.products.create({ nome: 'Água', preco: 2.5, estoque: 100 });
    await api.sales.register({ itens: [{ produto_id: agua, quantidade: 1 }] });

    const month = await (await device.watch('salesList', { periodo: '30dias', tipo: 'todas' })).until((page) => page.total === 1);
    expect(month.keptFrom).toBeNull();

    const year = await (
      await device.watch('salesList', { periodo: 'personalizado', de: '2026-01-01', ate: '2026-06-15', tipo: 'todas' })
    ).until((page) => page.total === 1);
    expect(year.keptFrom).toBe(KEPT_FROM);

    const before = await (
      await device.watch('salesList', { periodo: 'personalizado', de: '2026-01-01', ate: '2026-02-28', tipo: 'todas' })
    ).until(() => true);
    expect(before).toMatchObject({ total: 0, keptFrom: KEPT_FROM });

    const open = await (
      await device.watch('salesList', { periodo: 'personalizado', tipo: 'todas' })
    ).until((page) => page.total === 1);
    expect(open.keptFrom).toBe(KEPT_FROM);
  });

  it('ends the expenses that reach before the window with the first day kept, and never calls them empty', async () => {
    const api = device.remote;
    await api.expenses.create({ descricao: 'Luz', valor: 80, data: '2026-06-10', categoria_id: null });
    const recent = await (
      await device.watch('expensesPage', { filter: { data_de: '2026-06-01' } })
    ).until((page) => page.total === 1);
    expect(recent.keptFrom).toBeNull();
    const all = await (await device.watch('expensesPage', { filter: {} })).until((page) => page.total === 1);
    expect(all.keptFrom).toBe(KEPT_FROM);
    const before = await (
      await device.watch('expensesPage', { filter: { data_de: '2026-01-01', data_ate: '2026-02-28' } })
    ).until(() => true);
    expect(before).toMatchObject({ total: 0, keptFrom: KEPT_FROM });
  });

  it("tells the first day kept, and a statement whose older entries are online only ends on the client's balance", async () => {
    expect(await (await device.watch('factWindow', undefined)).until((day) => day !== null)).toBe(KEPT_FROM);
    const api = device.remote;
    const maria = await api.clients.create({ nome: 'Maria', telefone: '11999990001' });
    // What the server folded before the window (a base of 50) is here; the entries it folds are not.
    const stamp = new Date(NOW - 86_400_000).toISOString();
    await device.workspace.database.bases_contadores.insert({
      id: randomUUID(),
      user_id: device.userId,
      tipo: 'saldo',
      ref_id: maria,
      valor: 50,
      corte: stamp,
      ultima_contagem_hlc: '',
      created_at: stamp,
      updated_at: stamp,
      server_modified: stamp,
    });
    await api.clients.addDebit({ cliente_id: maria, valor: 10 });
    const statement = await (
      await device.watch('clientStatement', { clientId: maria })
    ).until((entries) => entries.length === 1 && entries[0]?.saldo === 60);
    expect(statement.map((entry) => [entry.kind, entry.valor, entry.saldo])).toEqual([['debito', 10, 60]]);
    expect((await (await device.watch('client', { clientId: maria })).until((client) => client?.saldo === 60))?.saldo).toBe(60);
  });

  it('a stock history whose older movements are online only ends on the product stock', async () => {
    const api = device.remote;
    const arroz = await api.products.create({ nome: 'Arroz', preco: 5 });
    // The server's base of 40 units folds the count and movements before the window; they are not here.
    const stamp = new Date(NOW - 86_400_000).toISOString();
    await device.workspace.database.bases_contadores.insert({
      id: randomUUID(),
      user_id: device.userId,
      tipo: 'estoque',
      ref_id: arroz,
      valor: 40,
      corte: stamp,
      ultima_contagem_hlc: '',
      created_at: stamp,
      updated_at: stamp,
      server_modified: stamp,
    });
    await api.stock.receive({ produto_id: arroz, quantidade: 5 });
    await api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
    const history = await (
      await device.watch('productStockHistory', { productId: arroz })
    ).until((entries) => entries.length === 2 && entries[0]?.estoque === 43);
    expect(history.map((entry) => [entry.kind, entry.quantidade, entry.estoque])).toEqual([
      ['venda', 2, 43],
      ['entrada', 5, 45],
    ]);
    expect(await api.products.stockOf(arroz)).toBe(43);
  });
});
