// The reports from the daily rollups, on the local stack (docs/growth.md §5): a period inside the device's window is
// summed on the device (offline too) and equals the fold of its sales, without reading every sale; a period older
// than the window comes from the server's `relatorio_periodo` while online, is kept for the session, and offline,
// never asked before, says it is available online only instead of showing any figure.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VendasDoc } from '../../schemas/index.ts';
import { salesFigures } from '../../workers/reports/figures.ts';
import type { SalesFigures } from '../../workers/reports/figures.ts';
import type { SalesReport, SalesReportView } from '../../workers/reports/handlers.ts';
import { reportRange } from '../../workers/reports/periods.ts';
import type { ReportParams } from '../../workers/reports/schema.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { eventually } from '../sync/support/devices.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

// Noon UTC: the same day in São Paulo (the reports' calendar) and in any zone the tests may run in.
const at = (date: string) => Date.parse(`${date}T12:00:00Z`);

let stack: TestStack;
let device: OfflineDevice;
let now = at('2026-07-14');
const salesQueries: unknown[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  const userId = crypto.randomUUID();
  const client = stack.client(await stack.mintUserToken(userId));
  device = await openOfflineDevice('relatorios-resumos', { now: () => now, server: { url: stack.url, userId, client } });
  const vendas = device.workspace.database.vendas;
  const find = vendas.find.bind(vendas);
  vi.spyOn(vendas, 'find').mockImplementation((query) => {
    salesQueries.push(query?.selector);
    return find(query);
  });
});
afterAll(async () => {
  await device.close();
  await stack.close();
});

const figuresOf = (view: SalesReportView | null): SalesReport | null => (view?.kind === 'figures' ? view : null);

async function settled(): Promise<void> {
  await eventually(async () => {
    await device.remote.sync.syncNow();
    expect(device.workspace.sync.status().pending).toBe(0);
    expect(device.workspace.unfoldedSales.size()).toBe(0);
  }, 30_000);
}

/** The report of `params` once it satisfies `check`. */
async function reportOf(params: ReportParams, check: (view: SalesReportView) => boolean): Promise<SalesReportView | null> {
  const live = await device.watch('salesReport', params);
  const view = await live.until((value) => value !== null && check(value));
  await live.stop();
  return view;
}

/** The fold of the sales on the device for `params`, at the products' current purchase prices. */
async function foldOf(params: ReportParams) {
  const docs = (await device.workspace.database.vendas.find().exec()).map((doc) => doc.toJSON() as VendasDoc);
  const prices = new Map((await device.workspace.database.produtos.find().exec()).map((doc) => [doc.id, doc.preco_compra ?? 0]));
  return salesFigures(docs, reportRange(params, now), (id) => prices.get(id) ?? 0);
}

const figuresOnly = (report: SalesFigures | null) => {
  if (!report) return null;
  const { points, revenue, byType, byMethod, topByRevenue, topByMargin, withoutCost, costOfGoods, grossMargin } = report;
  return { points, revenue, byType, byMethod, topByRevenue, topByMargin, withoutCost, costOfGoods, grossMargin };
};

describe('reports from the daily rollups', () => {
  it('sums a period of the window on the device, and asks the server for an older one', { timeout: 180_000 }, async () => {
    const { remote, connectivity } = device;
    const arroz = await remote.products.create({ nome: 'Arroz 5kg', preco: 25, preco_compra: 20, estoque: 100 });
    const feijao = await remote.products.create({ nome: 'Feijão', preco: 8, preco_compra: 5, estoque: 100 });
    const maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
    // July: sales that end up older than the window; November: the window's.
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }], forma_pagamento: 'pix' });
    now = at('2026-07-20');
    await remote.sales.register({ itens: [{ produto_id: feijao, quantidade: 3 }], tipo: 'fiado', cliente_id: maria });
    now = at('2026-11-23');
    await remote.sales.register({ itens: [{ produto_id: feijao, quantidade: 1 }], forma_pagamento: 'dinheiro' });
    now = at('2026-11-25');
    await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }] });
    await settled();

    // Inside the window: the rollups of the earlier days and today's sales, equal to the fold; never every sale.
    const week = { period: 'semana' } as const;
    const expectedWeek = figuresOnly(await foldOf(week));
    salesQueries.length = 0;
    const onDevice = figuresOf(
      await reportOf(week, (view) => JSON.stringify(figuresOnly(figuresOf(view))) === JSON.stringify(expectedWeek)),
    );
    expect(onDevice?.source).toBe('device');
    expect(onDevice?.revenue).toEqual({ total: 33, count: 2, averageTicket: 16.5 });
    const everySale = salesQueries.filter(
      (selector) => selector === undefined || selector === null || Object.keys(selector).length === 0,
    );
    expect(everySale).toEqual([]);

    // Older than the window, online: the server's rollups, equal to the fold of July's sales.
    const july = { period: 'custom', from: '2026-07-01', to: '2026-07-31' } as const;
    const expectedJuly = figuresOnly(await foldOf(july));
    const fromServer = figuresOf(
      await reportOf(july, (view) => JSON.stringify(figuresOnly(figuresOf(view))) === JSON.stringify(expectedJuly)),
    );
    expect(fromServer?.source).toBe('server');
    expect(fromServer?.revenue).toEqual({ total: 74, count: 2, averageTicket: 37 });
    expect(fromServer?.byType).toEqual({ avista: { total: 50, count: 1 }, fiado: { total: 24, count: 1 } });
    expect(fromServer?.costOfGoods).toBe(55);

    // Offline: the week still comes from the device, July as kept for the session; June was never asked for.
    connectivity.set(false);
    expect(figuresOf(await reportOf(week, (view) => view.kind === 'figures'))?.revenue.total).toBe(33);
    expect(figuresOf(await reportOf(july, (view) => view.kind === 'figures'))?.revenue.total).toBe(74);
    const june = await reportOf({ period: 'custom', from: '2026-06-01', to: '2026-06-30' }, () => true);
    expect(june).toEqual({ kind: 'online_only', period: 'custom', from: '2026-06-01', to: '2026-06-30', keptFrom: '2026-08-27' });
    connectivity.set(true);
  });
});
