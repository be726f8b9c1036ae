// The dashboard from the daily rollups, on the local stack (docs/growth.md §5): the week's and the month's figures
// are the server's rollup rows of the earlier days, today's sales and the sales the rows do not hold yet, and equal
// the fold of every sale on the device at each step: synced, after a sale made offline across midnight, after an
// offline edit of a synced sale of an earlier day that moves it to another day, after the app is opened again, and
// once all of it is on the server.
// The live query reads today's sales only, never the period's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VendasDoc } from '../../schemas/index.ts';
import { deviceTimeZone, localTimeOf } from '../../workers/dashboard/buckets.ts';
import { dashboardFigures } from '../../workers/dashboard/figures.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { eventually } from '../sync/support/devices.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

/** A local instant on the device's calendar (the sales' `data` and the dashboard's days are the device's). */
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();

let stack: TestStack;
let device: OfflineDevice;
let now = local(24, 10);
const ids: Record<string, string> = {};
/** The selectors the sales collection was queried with. */
const salesQueries: unknown[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  const userId = crypto.randomUUID();
  const client = stack.client(await stack.mintUserToken(userId));
  device = await openOfflineDevice('painel-resumos', { now: () => now, server: { url: stack.url, userId, client } });
  recordSalesQueries();
});

/** Keeps the selector of every query of the sales collection. */
function recordSalesQueries(): void {
  const vendas = device.workspace.database.vendas;
  const find = vendas.find.bind(vendas);
  vi.spyOn(vendas, 'find').mockImplementation((query) => {
    salesQueries.push(query?.selector);
    return find(query);
  });
}
afterAll(async () => {
  await device.close();
  await stack.close();
});

/** Every change is on the server and every rollup row of it on the device: nothing is left unfolded. */
async function settled(): Promise<void> {
  await eventually(async () => {
    await device.remote.sync.syncNow();
    expect(device.workspace.sync.status().pending).toBe(0);
    expect(device.workspace.unfoldedSales.size()).toBe(0);
  }, 30_000);
}

/** The fold of every sale on the device, as the dashboard computed it from the sales before the rollups. */
async function foldOfSales(period: 'semana' | 'mes') {
  const docs = await device.workspace.database.vendas.find().exec();
  return dashboardFigures(
    docs.map((doc) => doc.toJSON() as VendasDoc),
    period,
    now,
    deviceTimeZone(),
  );
}

async function expectFiguresOfTheFold(period: 'semana' | 'mes'): Promise<void> {
  const expected = await foldOfSales(period);
  salesQueries.length = 0;
  const live = await device.watch('dashboardFigures', { period });
  const shown = await live.until(
    (value) =>
      value !== null &&
      JSON.stringify({ ...value, anySales: undefined }) === JSON.stringify({ ...expected, anySales: undefined }),
  );
  await live.stop();
  expect(shown?.anySales).toBe(true);
  const today = localTimeOf(now, deviceTimeZone()).date;
  // Today's sales, by their index; the period's earlier days come from the rollups.
  expect(salesQueries).toEqual(salesQueries.map(() => ({ data: today })));
}

describe('dashboard from the daily rollups', () => {
  it(
    'equals the fold of the sales through a sale offline across midnight and an offline edit of a synced sale',
    { timeout: 180_000 },
    async () => {
      const { remote, workspace } = device;
      ids.arroz = await remote.products.create({ nome: 'Arroz 5kg', preco: 25, preco_compra: 20, estoque: 50 });
      ids.feijao = await remote.products.create({ nome: 'Feijão', preco: 8, estoque: 50 });
      ids.maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
      const arroz = ids.arroz;
      const feijao = ids.feijao;
      const maria = ids.maria;
      // Tuesday: two sales; Wednesday 23:50, one more; all of it on the server, whose rollups reach the device.
      const tuesday = await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }], forma_pagamento: 'pix' });
      await remote.sales.register({
        itens: [
          { produto_id: feijao, quantidade: 3 },
          { produto_id: arroz, quantidade: 1 },
        ],
        tipo: 'fiado',
        cliente_id: maria,
      });
      now = local(25, 23, 50);
      await remote.sales.register({ itens: [{ produto_id: feijao, quantidade: 1 }], forma_pagamento: 'dinheiro' });
      await settled();
      const rows = await workspace.database.resumos_dia.find().exec();
      expect(
        rows
          .filter((row) => row.produto_id === null)
          .map((row) => [row.dia, row.vendas, row.total])
          .sort(),
      ).toEqual([
        ['2026-11-24', 2, 99],
        ['2026-11-25', 1, 8],
      ]);
      await expectFiguresOfTheFold('semana');

      // Offline: a sale at 23:55, another after midnight, and Tuesday's pix sale edited into Monday with more rice.
      device.connectivity.set(false);
      now = local(25, 23, 55);
      await remote.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }], forma_pagamento: 'cartao' });
      now = local(26, 0, 10);
      await remote.sales.register({ itens: [{ produto_id: feijao, quantidade: 2 }] });
      await remote.sales.update({
        id: tuesday,
        data: '2026-11-23',
        tipo: 'avista',
        cliente_id: null,
        forma_pagamento: 'cartao',
        itens: [{ produto_id: arroz, quantidade: 3 }],
      });
      await expectFiguresOfTheFold('semana');
      await expectFiguresOfTheFold('mes');
      const week = await foldOfSales('semana');
      expect(week.points.map((point) => point.total)).toEqual([75, 49, 33, 16, 0, 0, 0]);

      // Closed and opened again, still offline: it still knows which version of the edited sale Tuesday's row holds.
      device = await device.reopen();
      recordSalesQueries();
      expect(device.workspace.connectivity.current().online).toBe(false);
      await expectFiguresOfTheFold('semana');

      // Back online: the server's rollups hold all of it, and the figures are still the fold of the sales.
      device.connectivity.set(true);
      await settled();
      await expectFiguresOfTheFold('semana');
      await expectFiguresOfTheFold('mes');
    },
  );
});
