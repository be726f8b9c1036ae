// The dashboard's figures: today's sales, the chart's points of a period (a sale's day is its stored `data`, as
// the daily rollups and the reports have it), the KPI cards and the top products by what they brought in (quantities
// of different units, 150 g and 14 un, cannot be compared, so money ranks them and each keeps its own unit); money is
// added in cents and quantities in thousandths.
import type { VendasDoc } from '../../schemas/index.ts';
import { addSale, emptyPeriodSums, totalOf, type PeriodSums } from '../reports/day-sums.ts';
import { localTimeOf, periodRange, type Period } from './buckets.ts';

/** The dashboard lists at most this many top products (docs/product.md §9: 5 when the figures are local). */
export const TOP_PRODUCTS = 5;

export interface ChartPoint {
  /** A local hour ('00'…'23') for 'dia', a local date (yyyy-MM-dd) for 'semana' and 'mes'. */
  key: string;
  /** The current hour or today. */
  current: boolean;
  total: number;
  count: number;
}

export interface TopProduct {
  produtoId: string;
  nome: string;
  unidade: string;
  quantidade: number;
  /** What it sold for in the period. */
  receita: number;
}

export interface DashboardFigures {
  period: Period;
  today: { count: number; total: number };
  points: ChartPoint[];
  kpis: { total: number; count: number; averageTicket: number; fiado: number };
  topProducts: TopProduct[];
}

type Sale = Pick<VendasDoc, 'data' | 'total' | 'tipo' | 'forma_pagamento' | 'pagamentos' | 'created_at' | 'itens'>;

/** The figures of the given sales (a sale's day is its stored `data`): every sale's sums, today's by the hour. */
export function dashboardFigures(sales: readonly Sale[], period: Period, now: number, timeZone: string): DashboardFigures {
  const range = periodRange(period, now, timeZone);
  const today = localTimeOf(now, timeZone).date;
  const sums = emptyPeriodSums();
  for (const sale of sales) if (sale.data >= range.from && sale.data <= range.to) addSale(sums, sale, 1);
  return dashboardFiguresOf(
    sums,
    sales.filter((sale) => sale.data === today),
    period,
    now,
    timeZone,
  );
}

/**
 * The figures of a period from its sums (rollup rows of its earlier days, today's sales and the sales the rows do
 * not hold yet) and today's sales, which alone give the hours of 'dia' and today's count.
 */
export function dashboardFiguresOf(
  sums: PeriodSums,
  todaySales: readonly Sale[],
  period: Period,
  now: number,
  timeZone: string,
): DashboardFigures {
  const range = periodRange(period, now, timeZone);
  const points = new Map(range.buckets.map((bucket) => [bucket.key, { ...bucket, cents: 0, count: 0 }]));
  let todayCents = 0;
  for (const sale of todaySales) {
    const amount = Math.round(sale.total * 100);
    todayCents += amount;
    if (period !== 'dia') continue;
    const point = points.get(localTimeOf(sale.created_at, timeZone).hour);
    if (!point) continue;
    point.cents += amount;
    point.count += 1;
  }
  if (period !== 'dia') {
    for (const [day, figures] of sums.days) {
      const point = points.get(day);
      if (!point) continue;
      point.cents += figures.sales.cents;
      point.count += figures.sales.count;
    }
  }
  const total = totalOf(sums, range.from, range.to);
  const topProducts = [...sums.products.entries()]
    .filter(([, entry]) => entry.thousandths !== 0 || entry.cents !== 0)
    .map(([produtoId, entry]) => ({
      produtoId,
      nome: entry.nome,
      unidade: entry.unidade,
      quantidade: entry.thousandths / 1000,
      receita: entry.cents / 100,
    }))
    .sort((a, b) => b.receita - a.receita || a.nome.localeCompare(b.nome, 'pt-BR'))
    .slice(0, TOP_PRODUCTS);
  const count = total.sales.count;
  return {
    period,
    today: { count: todaySales.length, total: todayCents / 100 },
    points: [...points.values()].map(({ key, current, cents, count: sold }) => ({
      key,
      current,
      total: cents / 100,
      count: sold,
    })),
    kpis: {
      total: total.sales.cents / 100,
      count,
      averageTicket: count === 0 ? 0 : Math.round(total.sales.cents / count) / 100,
      fiado: total.fiado.cents / 100,
    },
    topProducts,
  };
}
