// The reports page's live report, offline on memory storage through the real API over a MessageChannel: sales
// registered through the sales domain, a fiado payment and an expense give the week's revenue, à vista and
// fiado, methods, margins, the cost of the goods sold and the gross margin, receivables by age and the oversold sale; the next sale moves it live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApi } from '../../workers/api.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import { insertOwned } from '../../workers/db/records.ts';
import type { SalesReport, SalesReportView } from '../../workers/reports/handlers.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

// A Wednesday at noon UTC: the same Wednesday in São Paulo and in any zone the tests may run in.
const NOW = Date.parse('2026-11-25T12:00:00Z');
let remote: RemoteApi<DataApi>;
let workspace: Workspace;
let device: OfflineDevice;
const ids: Record<string, string> = {};

beforeAll(async () => {
  device = await openOfflineDevice('relatorios', { now: () => NOW });
  ({ remote, workspace } = device);
  ids.arroz = await remote.products.create({ nome: 'Arroz 5kg', preco: 25, preco_compra: 20, estoque: 10 });
  ids.feijao = await remote.products.create({ nome: 'Feijão', preco: 8, preco_compra: 5, estoque: 1 });
  ids.bala = await remote.products.create({ nome: 'Bala', preco: 0.5, estoque: 100 });
  ids.maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
});
afterAll(async () => {
  await device.close();
});

/** The report's figures (null while signed out, or for a period the device does not keep). */
const figuresOf = (view: SalesReportView | null): SalesReport | null => (view?.kind === 'figures' ? view : null);

describe('salesReport', () => {
  it('is empty for a new owner, then follows sales, payments and expenses while subscribed', async () => {
    const live = await device.watch('salesReport', { period: 'semana' });
    const empty = figuresOf(await live.until((report) => report !== null));
    expect(empty).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
      granularity: 'dia',
      anySales: false,
      costOfGoods: 0,
      grossMargin: 0,
    });
    expect(empty?.points).toHaveLength(7);

    await remote.sales.register({ itens: [{ produto_id: ids.arroz ?? '', quantidade: 2 }], forma_pagamento: 'pix' });
    // Two feijões with one on the shelf: allowed, and listed as oversold.
    await remote.sales.register({
      itens: [
        { produto_id: ids.feijao ?? '', quantidade: 2 },
        { produto_id: ids.bala ?? '', quantidade: 4 },
      ],
      tipo: 'fiado',
      cliente_id: ids.maria ?? '',
    });
    await remote.clients.registerPayment({ cliente_id: ids.maria ?? '', valor: 10 });
    await insertOwned(workspace, 'despesas', { descricao: 'Conta de luz', valor: 30, data: '2026-11-24', categoria_id: null });

    const report = figuresOf(
      await live.until((value) => figuresOf(value)?.revenue.count === 2 && figuresOf(value)?.expenses.count === 1),
    );
    expect(report?.revenue).toEqual({ total: 68, count: 2, averageTicket: 34 });
    expect(report?.byType).toEqual({ avista: { total: 50, count: 1 }, fiado: { total: 18, count: 1 } });
    expect(report?.byMethod.find((method) => method.method === 'pix')).toEqual({ method: 'pix', total: 50, count: 1 });
    expect(report?.points.find((point) => point.key === '2026-11-25')).toEqual({ key: '2026-11-25', total: 68, count: 2 });
    expect(report?.topByRevenue.map((product) => product.nome)).toEqual(['Arroz 5kg', 'Feijão', 'Bala']);
    expect(report?.topByMargin.map((product) => [product.nome, product.margem])).toEqual([
      ['Arroz 5kg', 10],
      ['Feijão', 6],
    ]);
    expect(report?.withoutCost).toBe(1);
    expect(report?.expenses).toEqual({ total: 30, count: 1 });
    // Arroz 2 × 20 + Feijão 2 × 5 at their purchase prices; the expense is shown beside it, not taken from it.
    expect(report?.costOfGoods).toBe(50);
    expect(report?.grossMargin).toBe(18);
    expect(report?.receivables.total).toBe(8);
    expect(report?.receivables.clients).toEqual([{ clienteId: ids.maria, nome: 'Maria', saldo: 8, oldestDays: 0, band: '0-30' }]);
    expect(await remote.clients.balanceOf(ids.maria ?? '')).toBe(8);
    expect(report?.oversold).toMatchObject([{ nome: 'Feijão', quantidade: 2, estoqueDepois: -1, data: '2026-11-25' }]);

    // A sale made meanwhile (here, or in another tab on the same database) moves the open report.
    await remote.sales.register({ itens: [{ produto_id: ids.bala ?? '', quantidade: 10 }], forma_pagamento: 'dinheiro' });
    const moved = figuresOf(await live.until((value) => figuresOf(value)?.revenue.count === 3));
    expect(moved?.revenue.total).toBe(73);
    expect(moved?.byMethod.find((method) => method.method === 'dinheiro')).toEqual({ method: 'dinheiro', total: 5, count: 1 });
    await live.stop();
  });

  it('a custom range without the sales shows none of them, but the receivables stay (they are as of today)', async () => {
    const live = await device.watch('salesReport', { period: 'custom', from: '2026-10-01', to: '2026-10-31' });
    const report = figuresOf(await live.until((value) => value !== null));
    await live.stop();
    expect(report).toMatchObject({ granularity: 'dia', anySales: true, revenue: { count: 0, total: 0 }, oversold: [] });
    expect(report?.points).toHaveLength(31);
    expect(report?.receivables.total).toBe(8);
  });
});
