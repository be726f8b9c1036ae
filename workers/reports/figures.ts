// The sales figures of a report range, from the sales on the device: revenue per chart bucket, à vista against
// fiado, à vista by payment method, the top products by what they brought in (quantities of different units cannot
// be added or compared: 150 g is not more than 14 un) and by margin, and the cost of the goods sold. Money is added
// in cents, quantities in thousandths. Margin = (price sold − the product's purchase price) × quantity; products
// with no purchase price recorded (0) stay out of the margin ranking and are counted. The cost of the goods sold is
// each product's purchase price × the quantity sold: a sale line does not keep the purchase price of its day, so
// the product's current one stands for it (0 for a product without one, which the count above tells).
import type { VendasDoc } from '../../schemas/index.ts';
import { saleBucket, type ReportRange } from './periods.ts';

/** How many products each ranking lists. */
export const TOP_SHOWN = 10;

export const PAYMENT_METHODS = ['dinheiro', 'cartao', 'pix', 'outro'] as const;
export type ReportMethod = (typeof PAYMENT_METHODS)[number];

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

export type ReportSale = Pick<VendasDoc, 'id' | 'data' | 'created_at' | 'total' | 'tipo' | 'forma_pagamento' | 'itens'>;

const cents = (value: number) => Math.round(value * 100);

export function methodOf(forma: string | null | undefined): ReportMethod {
  return forma === 'dinheiro' || forma === 'cartao' || forma === 'pix' ? forma : 'outro';
}

interface ProductSum {
  nome: string;
  unidade: string;
  thousandths: number;
  cents: number;
}

export function salesFigures(
  sales: readonly ReportSale[],
  range: ReportRange,
  purchasePrice: (produtoId: string) => number,
): SalesFigures {
  const points = new Map(range.keys.map((key) => [key, { cents: 0, count: 0 }]));
  const types = { avista: { cents: 0, count: 0 }, fiado: { cents: 0, count: 0 } };
  const methods = new Map<ReportMethod, { cents: number; count: number }>(
    PAYMENT_METHODS.map((method) => [method, { cents: 0, count: 0 }]),
  );
  const products = new Map<string, ProductSum>();
  let totalCents = 0;
  let count = 0;
  for (const sale of sales) {
    const key = saleBucket(range, sale);
    const point = key === null ? undefined : points.get(key);
    if (!point) continue;
    const amount = cents(sale.total);
    point.cents += amount;
    point.count += 1;
    totalCents += amount;
    count += 1;
    const type = sale.tipo === 'fiado' ? types.fiado : types.avista;
    type.cents += amount;
    type.count += 1;
    if (sale.tipo !== 'fiado') {
      const method = methods.get(methodOf(sale.forma_pagamento));
      if (method) {
        method.cents += amount;
        method.count += 1;
      }
    }
    for (const item of sale.itens) {
      const sum = products.get(item.produto_id) ?? {
        nome: item.nome_produto,
        unidade: item.unidade_produto,
        thousandths: 0,
        cents: 0,
      };
      sum.thousandths += Math.round(item.quantidade * 1000);
      sum.cents += cents(item.preco_total);
      products.set(item.produto_id, sum);
    }
  }
  const figures: ProductFigure[] = [...products.entries()].map(([produtoId, sum]) => ({
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
    byType: {
      avista: { total: types.avista.cents / 100, count: types.avista.count },
      fiado: { total: types.fiado.cents / 100, count: types.fiado.count },
    },
    byMethod: PAYMENT_METHODS.map((method) => {
      const sum = methods.get(method) ?? { cents: 0, count: 0 };
      return { method, total: sum.cents / 100, count: sum.count };
    }),
    topByRevenue: [...figures].sort((a, b) => b.receita - a.receita || byName(a, b)).slice(0, TOP_SHOWN),
    topByMargin: margins.sort((a, b) => b.margem - a.margem || byName(a, b)).slice(0, TOP_SHOWN),
    withoutCost,
    costOfGoods: costCents / 100,
    grossMargin: (totalCents - costCents) / 100,
  };
}
