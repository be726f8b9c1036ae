// The sums a period's figures are made of, per day and per product, in cents and thousandths: what a daily rollup
// row holds (supabase/migrations/0024_daily_rollups.sql) and what one sale adds to it or takes from it. The
// dashboard and the reports add rollup rows, today's sales and the sales the rows do not hold yet into one of these.
// A sale counts once in its day's sales; its payment counts part by part (docs/product.md §10): the fiado part under
// fiado, the others under à vista and under their methods, each column counting the sale once.
import type { ResumosDiaDoc, VendasDoc } from '../../schemas/index.ts';
import { partsOf } from '../till/summary.ts';

/** A rollup row's money and count fields with nothing sold or spent (a product's row holds only these zeros). */
export const NO_SALES = {
  vendas: 0,
  total: 0,
  avista: 0,
  avista_qtd: 0,
  fiado: 0,
  fiado_qtd: 0,
  dinheiro: 0,
  dinheiro_qtd: 0,
  cartao: 0,
  cartao_qtd: 0,
  pix: 0,
  pix_qtd: 0,
  outro: 0,
  outro_qtd: 0,
  despesas: 0,
  despesas_qtd: 0,
} as const satisfies Partial<ResumosDiaDoc>;

export const PAYMENT_METHODS = ['dinheiro', 'cartao', 'pix', 'outro'] as const;
export type ReportMethod = (typeof PAYMENT_METHODS)[number];

export function methodOf(forma: string | null | undefined): ReportMethod {
  return forma === 'dinheiro' || forma === 'cartao' || forma === 'pix' ? forma : 'outro';
}

export interface Tally {
  cents: number;
  count: number;
}

export interface DaySums {
  sales: Tally;
  avista: Tally;
  fiado: Tally;
  methods: Record<ReportMethod, Tally>;
}

export interface ProductSums {
  nome: string;
  unidade: string;
  /** The day the name and unit were taken from: the latest one that sold it. */
  namedOn: string;
  thousandths: number;
  cents: number;
}

export interface PeriodSums {
  readonly days: Map<string, DaySums>;
  readonly products: Map<string, ProductSums>;
}

/** The figures of a rollup row (a device's copy, or a row the server summed for a period). */
export type RollupFigures = Omit<ResumosDiaDoc, 'id' | 'user_id' | 'created_at' | 'updated_at' | 'server_modified'>;

/** What of a sale the sums need. */
export type SummedSale = Pick<VendasDoc, 'data' | 'total' | 'tipo' | 'forma_pagamento' | 'pagamentos' | 'itens'>;

const tally = (): Tally => ({ cents: 0, count: 0 });
const cents = (value: number) => Math.round(value * 100);
const thousandths = (value: number) => Math.round(value * 1000);

export function emptyPeriodSums(): PeriodSums {
  return { days: new Map(), products: new Map() };
}

function dayOf(sums: PeriodSums, day: string): DaySums {
  let found = sums.days.get(day);
  if (!found) {
    found = {
      sales: tally(),
      avista: tally(),
      fiado: tally(),
      methods: { dinheiro: tally(), cartao: tally(), pix: tally(), outro: tally() },
    };
    sums.days.set(day, found);
  }
  return found;
}

function addTo(target: Tally, amountCents: number, count: number): void {
  target.cents += amountCents;
  target.count += count;
}

function addProduct(
  sums: PeriodSums,
  day: string,
  productId: string,
  named: { nome: string; unidade: string } | null,
  quantity: number,
  amountCents: number,
): void {
  const found = sums.products.get(productId);
  if (!found) {
    sums.products.set(productId, {
      nome: named?.nome ?? '',
      unidade: named?.unidade ?? '',
      namedOn: named ? day : '',
      thousandths: quantity,
      cents: amountCents,
    });
    return;
  }
  found.thousandths += quantity;
  found.cents += amountCents;
  if (named && day >= found.namedOn) {
    found.nome = named.nome;
    found.unidade = named.unidade;
    found.namedOn = day;
  }
}

/** Adds a rollup row: a day's row (no product) to its day, a product's row to its product. */
export function addRollupRow(sums: PeriodSums, row: RollupFigures): void {
  if (row.produto_id) {
    const named = row.nome ? { nome: row.nome, unidade: row.unidade ?? '' } : null;
    addProduct(sums, row.dia, row.produto_id, named, thousandths(row.quantidade), cents(row.receita));
    return;
  }
  const day = dayOf(sums, row.dia);
  addTo(day.sales, cents(row.total), row.vendas);
  addTo(day.avista, cents(row.avista), row.avista_qtd);
  addTo(day.fiado, cents(row.fiado), row.fiado_qtd);
  addTo(day.methods.dinheiro, cents(row.dinheiro), row.dinheiro_qtd);
  addTo(day.methods.cartao, cents(row.cartao), row.cartao_qtd);
  addTo(day.methods.pix, cents(row.pix), row.pix_qtd);
  addTo(day.methods.outro, cents(row.outro), row.outro_qtd);
}

/** A sale's payment on its day, part by part: fiado, or à vista and its method; one sale in each column it reaches. */
function addPayment(day: DaySums, sale: SummedSale, sign: 1 | -1): void {
  let avistaCents = 0;
  let paidAvista = false;
  for (const part of partsOf(sale)) {
    const amount = sign * cents(part.valor);
    if (part.forma === 'fiado') {
      addTo(day.fiado, amount, sign);
      continue;
    }
    addTo(day.methods[methodOf(part.forma)], amount, sign);
    avistaCents += amount;
    paidAvista = true;
  }
  if (paidAvista) addTo(day.avista, avistaCents, sign);
}

/** Adds a sale to its day (`sign` 1) or takes it away (−1), as the server's triggers do with a version. */
export function addSale(sums: PeriodSums, sale: SummedSale, sign: 1 | -1): void {
  const day = dayOf(sums, sale.data);
  addTo(day.sales, sign * cents(sale.total), sign);
  addPayment(day, sale, sign);
  for (const item of sale.itens) {
    const named = sign > 0 ? { nome: item.nome_produto, unidade: item.unidade_produto } : null;
    addProduct(sums, sale.data, item.produto_id, named, sign * thousandths(item.quantidade), sign * cents(item.preco_total));
  }
}

/** The sums of the days in [from, to] (inclusive), added up. */
export function totalOf(sums: PeriodSums, from: string, to: string): DaySums {
  const total = dayOf(emptyPeriodSums(), '');
  for (const [key, day] of sums.days) {
    if (key < from || key > to) continue;
    addTo(total.sales, day.sales.cents, day.sales.count);
    addTo(total.avista, day.avista.cents, day.avista.count);
    addTo(total.fiado, day.fiado.cents, day.fiado.count);
    for (const method of PAYMENT_METHODS) addTo(total.methods[method], day.methods[method].cents, day.methods[method].count);
  }
  return total;
}
