// The sales figures of a report range, from its sums (day-sums.ts: rollup rows, today's sales and the sales the rows
// do not hold yet, or the server's rollups of an older period): revenue per chart bucket, à vista against
// fiado, à vista by payment method, the top products by what they brought in (quantities of different units cannot
// be added or compared: 150 g is not more than 14 un) and by margin, and the cost of the goods sold. Money is added
// in cents, quantities in thousandths. Margin = (price sold − the product's purchase price) × quantity; products
// with no purchase price recorded (0) stay out of the margin ranking and are counted. The cost of the goods sold is
// each product's purchase price × the quantity sold: a sale line does not keep the purchase price of its day, so
// the product's current one stands for it (0 for a product without one, which the count above tells).
import type { VendasDoc } from '../../schemas/index.ts';
import { addSale, emptyPeriodSums, PAYMENT_METHODS, totalOf, type PeriodSums, type ReportMethod } from './day-sums.ts';
import { dayBucket, saleBucket, type ReportRange } from './periods.ts';

export { methodOf, PAYMENT_METHODS, type ReportMethod } from './day-sums.ts';

/** How many products each ranking lists. */
export const TOP_SHOWN = 10;

export interface ReportPoint {
  readonly key: string;
  readonly total: number;
  readonly count: number;
}

export interface Amount {
  readonly total: number;
  readonly count: number;
}

export interface ProductFigure {
  readonly produtoId: string;
  readonly nome: string;
  readonly unidade: string;
  readonly quantidade: number;
  /** What it sold for in the period. */
  readonly receita: number;
}

export interface MarginFigure extends ProductFigure {
  /** Purchase price × quantity. */
  readonly custo: number;
  /** receita − custo. */
  readonly margem: number;
  /** margem / receita × 100, one decimal (0 when nothing was sold for money). */
  readonly margemPct: number;
}

export interface SalesFigures {
  readonly points: readonly ReportPoint[];
  readonly revenue: Amount & { readonly averageTicket: number };
  /**
   * Every discount of the period's sales (docs/product.md §10): what the products sold for before discounts (their
   * lines' gross amounts) less the revenue, which is net.
   */
  readonly discounts: number;
  readonly byType: { readonly avista: Amount; readonly fiado: Amount };
  readonly byMethod: readonly (Amount & { readonly method: ReportMethod })[];
  /** By receita; each keeps its quantity in its own unit. */
  readonly topByRevenue: readonly ProductFigure[];
  readonly topByMargin: readonly MarginFigure[];
  /** Products sold in the period with no purchase price recorded. */
  readonly withoutCost: number;
  /** What the products sold cost: each one's current purchase price × the quantity sold. */
  readonly costOfGoods: number;
  /** Revenue − the cost of the goods sold. */
  readonly grossMargin: number;
}

export type ReportSale = Pick<
  VendasDoc,
  'id' | 'data' | 'created_at' | 'total' | 'tipo' | 'forma_pagamento' | 'pagamentos' | 'itens'
>;

const cents = (value: number) => Math.round(value * 100);

/** The figures of the given sales (those of the range by their stored day; hours for a range of today). */
export function salesFigures(
  sales: readonly ReportSale[],
  range: ReportRange,
  purchasePrice: (produtoId: string) => number,
): SalesFigures {
  const sums = emptyPeriodSums();
  for (const sale of sales) if (sale.data >= range.from && sale.data <= range.to) addSale(sums, sale, 1);
  return periodFigures(sums, range, purchasePrice, sales);
}

/**
 * The figures of a range from its sums; `hourly` gives the hours of a range drawn by the hour (today's sales),
 * whose bucket is the local hour of each sale.
 */
export function periodFigures(
  sums: PeriodSums,
  range: ReportRange,
  purchasePrice: (produtoId: string) => number,
  hourly: readonly Pick<ReportSale, 'data' | 'created_at' | 'total'>[] = [],
): SalesFigures {
  const points = new Map(range.keys.map((key) => [key, { cents: 0, count: 0 }]));
  if (range.granularity === 'hora') {
    for (const sale of hourly) {
      const key = saleBucket(range, sale);
      const point = key === null ? undefined : points.get(key);
      if (!point) continue;
      point.cents += cents(sale.total);
      point.count += 1;
    }
  } else {
    const granularity = range.granularity;
    for (const [day, figures] of sums.days) {
      if (day < range.from || day > range.to) continue;
      const point = points.get(dayBucket(day, granularity));
      if (!point) continue;
      point.cents += figures.sales.cents;
      point.count += figures.sales.count;
    }
  }
  const total = totalOf(sums, range.from, range.to);
  const totalCents = total.sales.cents;
  const count = total.sales.count;
  const figures: ProductFigure[] = [...sums.products.entries()]
    .filter(([, sum]) => sum.thousandths !== 0 || sum.cents !== 0)
    .map(([produtoId, sum]) => ({
      produtoId,
      nome: sum.nome,
      unidade: sum.unidade,
      quantidade: sum.thousandths / 1000,
      receita: sum.cents / 100,
    }));
  const byName = (a: ProductFigure, b: ProductFigure) => a.nome.localeCompare(b.nome, 'pt-BR');
  let withoutCost = 0;
  let costCents = 0;
  const margins: MarginFigure[] = [];
  for (const figure of figures) {
    const price = purchasePrice(figure.produtoId);
    if (!(price > 0)) {
      withoutCost += 1;
      continue;
    }
    const custo = Math.round(price * 100 * figure.quantidade);
    costCents += custo;
    const margem = cents(figure.receita) - custo;
    margins.push({
      ...figure,
      custo: custo / 100,
      margem: margem / 100,
      margemPct: figure.receita > 0 ? Math.round((margem / cents(figure.receita)) * 1000) / 10 : 0,
    });
  }
  return {
    points: range.keys.map((key) => {
      const point = points.get(key) ?? { cents: 0, count: 0 };
      return { key, total: point.cents / 100, count: point.count };
    }),
    revenue: { total: totalCents / 100, count, averageTicket: count > 0 ? Math.round(totalCents / count) / 100 : 0 },
    discounts: Math.max(0, [...sums.products.values()].reduce((sum, product) => sum + product.cents, 0) - totalCents) / 100,
    byType: {
      avista: { total: total.avista.cents / 100, count: total.avista.count },
      fiado: { total: total.fiado.cents / 100, count: total.fiado.count },
    },
    byMethod: PAYMENT_METHODS.map((method) => ({
      method,
      total: total.methods[method].cents / 100,
      count: total.methods[method].count,
    })),
    topByRevenue: [...figures].sort((a, b) => b.receita - a.receita || byName(a, b)).slice(0, TOP_SHOWN),
    topByMargin: margins.sort((a, b) => b.margem - a.margem || byName(a, b)).slice(0, TOP_SHOWN),
    withoutCost,
    costOfGoods: costCents / 100,
    grossMargin: (totalCents - costCents) / 100,
  };
}
