// A sale paid by several methods (docs/product.md §10), as the screens read and type it: its parts, the amounts typed
// per method, what is still missing ('Falta') or over ('Passou'), the rest a method would take, and the cash part
// that 'Valor recebido' and 'Troco' apply to. Sums run in whole cents, as the worker's.
import type { PaymentBucket } from '../../../workers/api.ts';
import { moneyText, readMoney } from '../../lib/number-input.ts';

/** One part of a sale's payment: a method and the amount paid by it, in reais (the worker's `PaymentPart`). */
export interface PaymentPart {
  readonly forma: PaymentBucket;
  readonly valor: number;
}

/** The methods a payment splits into, in the order the screens list them. */
export const PART_METHODS: readonly PaymentBucket[] = ['dinheiro', 'cartao', 'pix', 'outro', 'fiado'];

/** The amount typed per method ('' for none). */
export type PartTexts = Readonly<Record<PaymentBucket, string>>;

const toCents = (reais: number) => Math.round(reais * 100);
const sumCents = (parts: readonly PaymentPart[]) => parts.reduce((sum, part) => sum + toCents(part.valor), 0);

/** A split sale's parts; null for a sale paid by one method (no parts, or an empty list). */
export function splitPartsOf(sale: { readonly pagamentos?: readonly PaymentPart[] | null }): readonly PaymentPart[] | null {
  return sale.pagamentos && sale.pagamentos.length > 0 ? sale.pagamentos : null;
}

/** The amount of one method among the parts (0 when it has none). */
export function partValue(parts: readonly PaymentPart[], forma: PaymentBucket): number {
  return parts.find((part) => part.forma === forma)?.valor ?? 0;
}

/** What 'Valor recebido' and 'Troco' are counted against: a split sale's cash part, any other sale's total. */
export function cashDueOf(sale: { readonly total: number; readonly pagamentos?: readonly PaymentPart[] | null }): number {
  const parts = splitPartsOf(sale);
  return parts ? partValue(parts, 'dinheiro') : sale.total;
}

/** A split sale is fiado when it has a fiado part (docs/product.md §10). */
export function typeOfParts(parts: readonly PaymentPart[]): 'avista' | 'fiado' {
  return parts.some((part) => part.forma === 'fiado' && toCents(part.valor) > 0) ? 'fiado' : 'avista';
}

/** The fields' texts for stored parts: each amount written the Brazilian way, '' for a method without one. */
export function textsOfParts(parts: readonly PaymentPart[] | null): PartTexts {
  const text = (forma: PaymentBucket) => {
    const valor = parts ? partValue(parts, forma) : 0;
    return valor > 0 ? moneyText(valor) : '';
  };
  return { dinheiro: text('dinheiro'), cartao: text('cartao'), pix: text('pix'), outro: text('outro'), fiado: text('fiado') };
}

/** The parts the typed amounts make: each method with a readable amount above zero, in the screens' order. */
export function partsOfTexts(texts: PartTexts): PaymentPart[] {
  return PART_METHODS.flatMap((forma) => {
    const reading = readMoney(texts[forma]);
    return texts[forma].trim() !== '' && reading.ok && toCents(reading.value) > 0 ? [{ forma, valor: reading.value }] : [];
  });
}

export type PartsRest =
  /** The parts come to less than the total: 'Falta'. */
  | { readonly kind: 'short'; readonly cents: number }
  /** The parts pass the total: 'Passou'. */
  | { readonly kind: 'over'; readonly cents: number }
  /** The parts come to the total exactly. */
  | { readonly kind: 'even'; readonly cents: 0 };

/** What the parts still miss of the total, or pass it by. */
export function restOf(total: number, parts: readonly PaymentPart[]): PartsRest {
  const difference = toCents(total) - sumCents(parts);
  if (difference > 0) return { kind: 'short', cents: difference };
  if (difference < 0) return { kind: 'over', cents: -difference };
  return { kind: 'even', cents: 0 };
}

/** 'Restante' on a method: the total less every other part, in reais; 0 when the others already reach it. */
export function restFor(total: number, parts: readonly PaymentPart[], forma: PaymentBucket): number {
  const others = sumCents(parts.filter((part) => part.forma !== forma));
  return Math.max(0, toCents(total) - others) / 100;
}

/** Why split parts cannot be finished yet: fewer than two amounts, or amounts that do not come to the total. */
export function partsProblemOf(total: number, parts: readonly PaymentPart[]): 'few' | 'rest' | null {
  const positive = parts.filter((part) => toCents(part.valor) > 0);
  if (positive.length < 2) return 'few';
  return restOf(total, positive).kind === 'even' ? null : 'rest';
}
