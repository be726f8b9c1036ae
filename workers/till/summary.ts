// The till's arithmetic, pure: which sales belong to a session (written by its device between its opening and
// closing stamps, not deleted), the sales by payment method, and the cash the drawer should hold:
//   esperado = troco inicial + vendas em dinheiro + suprimentos − sangrias;  diferença = contado − esperado.
// Sums run in whole cents so no float drift reaches the owner.
import { writtenBy } from '../db/device-identity.ts';

export type PaymentBucket = 'dinheiro' | 'cartao' | 'pix' | 'outro' | 'fiado';
export const PAYMENT_BUCKETS: readonly PaymentBucket[] = ['dinheiro', 'cartao', 'pix', 'outro', 'fiado'];

export interface TillSale {
  hlc: string;
  total: number;
  tipo: 'avista' | 'fiado';
  forma_pagamento?: string | null;
  pagamentos?: readonly PaymentPart[] | null;
}

export interface TillMovement {
  id: string;
  tipo: 'sangria' | 'suprimento';
  valor: number;
  motivo?: string | null;
  em: string;
}

export interface TillSessionFacts {
  dispositivo: string;
  abertura_hlc: string;
  fechamento_hlc?: string | null;
  troco_inicial: number;
  movimentos: readonly TillMovement[];
}

export interface TillSummary {
  vendas: number;
  total: number;
  por_forma: Record<PaymentBucket, number>;
  suprimentos: number;
  sangrias: number;
}

const toCents = (value: number) => Math.round(value * 100);
const fromCents = (value: number) => value / 100;

/** Where an à vista sale's money went by its payment method; fiado sales bring no money in. */
export function bucketOf(sale: Pick<TillSale, 'tipo' | 'forma_pagamento'>): PaymentBucket {
  if (sale.tipo === 'fiado') return 'fiado';
  const method = sale.forma_pagamento;
  return method === 'dinheiro' || method === 'cartao' || method === 'pix' ? method : 'outro';
}

/** One part of a sale's payment (docs/product.md §10): a method and the amount paid by it, in reais. */
export interface PaymentPart {
  forma: PaymentBucket;
  valor: number;
}

/** The payment fields of a sale that say how it was paid. */
export type PaidSale = Pick<TillSale, 'tipo' | 'forma_pagamento' | 'total'> & {
  pagamentos?: readonly PaymentPart[] | null;
};

/**
 * How a sale was paid, part by part: a split sale's own parts, any other sale one part (its bucket, its total),
 * so sales made before split payments need no rewrite. Every sum by method (till, reports, fiado balance) reads this.
 */
export function partsOf(sale: PaidSale): readonly PaymentPart[] {
  if (sale.pagamentos && sale.pagamentos.length > 0) return sale.pagamentos;
  return [{ forma: bucketOf(sale), valor: sale.total }];
}

/** The part of a sale that goes to the client's fiado balance (zero for a sale with no fiado part). */
export function fiadoPartOf(sale: PaidSale): number {
  return partsOf(sale).find((part) => part.forma === 'fiado')?.valor ?? 0;
}

/** Why a sale's parts cannot stand, as an error code; null when they can (docs/product.md §10). */
export type PartsProblem = 'too_few_parts' | 'repeated_method' | 'not_positive' | 'parts_do_not_add_up' | 'fiado_part_type';

/**
 * The rule the server enforces too (`vendas_pagamentos_somam`): null or at least two parts, each method once, each
 * above zero, adding up to the total to the cent; a sale with a fiado part is a fiado sale, and a fiado sale split
 * in parts has one.
 */
export function partsProblem(sale: PaidSale): PartsProblem | null {
  const parts = sale.pagamentos;
  if (parts === null || parts === undefined) return null;
  if (parts.length < 2) return 'too_few_parts';
  if (new Set(parts.map((part) => part.forma)).size !== parts.length) return 'repeated_method';
  if (parts.some((part) => !(toCents(part.valor) > 0))) return 'not_positive';
  if (parts.reduce((sum, part) => sum + toCents(part.valor), 0) !== toCents(sale.total)) return 'parts_do_not_add_up';
  const hasFiado = parts.some((part) => part.forma === 'fiado');
  if (hasFiado !== (sale.tipo === 'fiado')) return 'fiado_part_type';
  return null;
}

/** Whether a sale belongs to the session: its device's stamp, after the opening, not after the closing. */
export function inSession(sale: Pick<TillSale, 'hlc'>, session: TillSessionFacts): boolean {
  if (!writtenBy(sale.hlc, session.dispositivo)) return false;
  if (sale.hlc <= session.abertura_hlc) return false;
  return !session.fechamento_hlc || sale.hlc <= session.fechamento_hlc;
}

export function summarize(session: TillSessionFacts, sales: readonly TillSale[]): TillSummary {
  const byMethod: Record<PaymentBucket, number> = { dinheiro: 0, cartao: 0, pix: 0, outro: 0, fiado: 0 };
  let count = 0;
  let total = 0;
  for (const sale of sales) {
    if (!inSession(sale, session)) continue;
    count += 1;
    total += toCents(sale.total);
    for (const part of partsOf(sale)) byMethod[part.forma] += toCents(part.valor);
  }
  let additions = 0;
  let withdrawals = 0;
  for (const movement of session.movimentos) {
    if (movement.tipo === 'suprimento') additions += toCents(movement.valor);
    else withdrawals += toCents(movement.valor);
  }
  return {
    vendas: count,
    total: fromCents(total),
    por_forma: Object.fromEntries(PAYMENT_BUCKETS.map((bucket) => [bucket, fromCents(byMethod[bucket])])) as Record<
      PaymentBucket,
      number
    >,
    suprimentos: fromCents(additions),
    sangrias: fromCents(withdrawals),
  };
}

/** The cash the drawer should hold. */
export function expectedCash(trocoInicial: number, summary: TillSummary): number {
  return fromCents(
    toCents(trocoInicial) + toCents(summary.por_forma.dinheiro) + toCents(summary.suprimentos) - toCents(summary.sangrias),
  );
}

/** Counted minus expected: positive when the drawer has more than it should, negative when cash is missing. */
export function difference(counted: number, expected: number): number {
  return fromCents(toCents(counted) - toCents(expected));
}
