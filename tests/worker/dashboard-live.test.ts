// The dashboard's live figures, offline on memory storage through the real API over a MessageChannel: sales
// registered through the sales domain give today's sales, the week's points, the KPI cards and the top products;
// the next sale moves them while subscribed; the low-stock list follows the derived stock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApi } from '../../workers/api.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import { deviceTimeZone, localTimeOf } from '../../workers/dashboard/buckets.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

// A Wednesday at noon UTC: the same Wednesday in any time zone the tests may run in.
const NOW = Date.parse('2026-11-25T12:00:00Z');
let remote: RemoteApi<DataApi>;
let device: OfflineDevice;

beforeAll(async () => {
  device = await openOfflineDevice('painel', { now: () => NOW });
  ({ remote } = device);
});
afterAll(async () => {
  await device.close();
});

const follow: OfflineDevice['watch'] = (name, params) => device.watch(name, params);

const ids: Record<string, string> = {};

beforeAll(async () => {
  ids.feijao = await remote.products.create({ nome: 'Feijão Carioca', preco: 8.5, estoque: 10, estoque_minimo: 5 });
  ids.carne = await remote.products.create({ nome: 'Carne moída', preco: 40, unidade: 'kg', estoque: 3, estoque_minimo: 5 });
  ids.arroz = await remote.products.create({ nome: 'Arroz', preco: 25, estoque: 100 });
  ids.maria = await remote.clients.create({ nome: 'Maria', telefone: '11987654321' });
});

describe('dashboardFigures', () => {
  it('starts empty for a new owner: no sales today, seven zero points Monday to Sunday, no top products', async () => {
    const live = await follow('dashboardFigures', { period: 'semana' });
    const empty = await live.until((value) => value !== null);
    await live.stop();
    expect(empty?.today).toEqual({ count: 0, total: 0 });
    expect(empty?.points.map((point) => point.key)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(empty?.points.filter((point) => point.current).map((point) => point.key)).toEqual(['2026-11-25']);
    expect(empty?.kpis).toEqual({ total: 0, count: 0, averageTicket: 0, fiado: 0 });
    expect(empty?.topProducts).toEqual([]);
    expect(empty?.anySales).toBe(false);
  });

  it('counts a sale registered through the sales domain, then moves when the next sale (fiado) is made', async () => {
    const live = await follow('dashboardFigures', { period: 'semana' });
    await live.until((value) => value !== null);
    await remote.sales.register({
      itens: [
        { produto_id: ids.feijao ?? '', quantidade: 2 },
        { produto_id: ids.carne ?? '', quantidade: 0.75 },
      ],
    });
    const first = await live.until((value) => value?.kpis.count === 1);
    expect(first?.anySales).toBe(true);
    expect(first?.today).toEqual({ count: 1, total: 47 });
    expect(first?.kpis).toEqual({ total: 47, count: 1, averageTicket: 47, fiado: 0 });
    expect(first?.points.find((point) => point.current)).toMatchObject({ key: '2026-11-25', total: 47, count: 1 });
    expect(first?.topProducts.map((item) => [item.nome, item.receita, item.quantidade, item.unidade])).toEqual([
      ['Carne moída', 30, 0.75, 'kg'],
      ['Feijão Carioca', 17, 2, 'un'],
    ]);

    await remote.sales.register({
      tipo: 'fiado',
      cliente_id: ids.maria ?? null,
      itens: [
        { produto_id: ids.feijao ?? '', quantidade: 4 },
        { produto_id: ids.arroz ?? '', quantidade: 1 },
      ],
    });
    const second = await live.until((value) => value?.kpis.count === 2);
    await live.stop();
    expect(second?.today).toEqual({ count: 2, total: 106 });
    expect(second?.kpis).toEqual({ total: 106, count: 2, averageTicket: 53, fiado: 59 });
    expect(second?.topProducts.map((item) => [item.nome, item.receita, item.quantidade])).toEqual([
      ['Feijão Carioca', 51, 6],
      ['Carne moída', 30, 0.75],
      ['Arroz', 25, 1],
    ]);
  });

  it("gives 24 hourly points for 'dia' with today's sales in the current hour, and every day of the month for 'mes'", async () => {
    const day = await follow('dashboardFigures', { period: 'dia' });
    const today = await day.until((value) => value?.kpis.count === 2);
    await day.stop();
    const hour = localTimeOf(NOW, deviceTimeZone()).hour;
    expect(today?.points).toHaveLength(24);
    expect(today?.points.find((point) => point.current)).toMatchObject({ key: hour, total: 106, count: 2 });

    const month = await follow('dashboardFigures', { period: 'mes' });
    const november = await month.until((value) => value?.kpis.count === 2);
    await month.stop();
    expect(november?.points).toHaveLength(30);
    expect(november?.points[0]?.key).toBe('2026-11-01');
    expect(november?.points.find((point) => point.current)).toMatchObject({ key: '2026-11-25', total: 106 });
  });
});

describe('dashboardLowStock', () => {
  it('lists the products below their minimum, lowest stock first, with the count of all, following the stock', async () => {
    const live = await follow('dashboardLowStock', undefined);
    const low = await live.until((value) => value.total === 2);
    expect(low.items.map((item) => [item.nome, item.estoque, item.estoqueMinimo])).toEqual([
      ['Carne moída', 2.25, 5],
      ['Feijão Carioca', 4, 5],
    ]);
    await remote.stock.receive({ produto_id: ids.feijao ?? '', quantidade: 20 });
    const restocked = await live.until((value) => value.total === 1);
    await live.stop();
    expect(restocked.items.map((item) => item.nome)).toEqual(['Carne moída']);
  });
});
