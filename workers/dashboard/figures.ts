// The dashboard's figures from the sales on the device: today's sales, the chart's points of a period, the KPI
// cards and the top products by what they brought in (quantities of different units, 150 g and 14 un, cannot be
// compared, so money ranks them and each keeps its own unit); money is added in cents and quantities in thousandths.
import type { VendasDoc } from '../../schemas/index.ts';
import { bucketOf, localTimeOf, periodRange, type Period } from './buckets.ts';

/** The dashboard lists at most this many top products (spec 1 §9: 5 when the figures are local). */
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

type Sale = Pick<VendasDoc, 'total' | 'tipo' | 'created_at' | 'itens'>;

export function dashboardFigures(sales: readonly Sale[], period: Period, now: number, timeZone: string): DashboardFigures {
  const range = periodRange(period, now, timeZone);
  const today = localTimeOf(now, timeZone).date;
  const points = new Map(range.buckets.map((bucket) => [bucket.key, { ...bucket, cents: 0, count: 0 }]));
  const products = new Map<string, { nome: string; unidade: string; thousandths: number; cents: number }>();
  let todayCents = 0;
  let todayCount = 0;
  let totalCents = 0;
  let fiadoCents = 0;
  let count = 0;
  for (const sale of sales) {
    const amount = Math.round(sale.total * 100);
    if (localTimeOf(sale.created_at, timeZone).date === today) {
      todayCents += amount;
      todayCount += 1;
    }
    const key = bucketOf(range, sale.created_at, timeZone);
    const point = key === null ? undefined : points.get(key);
    if (!point) continue;
    point.cents += amount;
    point.count += 1;
    totalCents += amount;
    count += 1;
    if (sale.tipo === 'fiado') fiadoCents += amount;
    for (const item of sale.itens) {
      const entry = products.get(item.produto_id) ?? {
        nome: item.nome_produto,
        unidade: item.unidade_produto,
        thousandths: 0,
        cents: 0,
      };
      entry.thousandths += Math.round(item.quantidade * 1000);
      entry.cents += Math.round(item.preco_total * 100);
      products.set(item.produto_id, entry);
    }
  }
  const topProducts = [...products.entries()]
    .map(([produtoId, entry]) => ({
      produtoId,
      nome: entry.nome,
      unidade: entry.unidade,
      quantidade: entry.thousandths / 1000,
      receita: entry.cents / 100,
    }))
    .sort((a, b) => b.receita - a.receita || a.nome.localeCompare(b.nome, 'pt-BR'))
    .slice(0, TOP_PRODUCTS);
  return {
    period,
    today: { count: todayCount, total: todayCents / 100 },
    points: [...points.values()].map(({ key, current, cents, count: sold }) => ({
      key,
      current,
      total: cents / 100,
      count: sold,
    })),
    kpis: {
      total: totalCents / 100,
      count,
      averageTicket: count === 0 ? 0 : Math.round(totalCents / count) / 100,
      fiado: fiadoCents / 100,
    },
    topProducts,
  };
}
