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
    byMethod[bucketOf(sale)] += toCents(sale.total);
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
