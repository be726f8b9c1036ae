// A split payment's parts as a sale stores them (docs/product.md §10): rounded to the cent, refused before anything
// is written when they do not stand with the total, and the cash part 'Valor recebido' covers.
import { DataError } from '../contract/errors.ts';
import { partsOf, partsProblem, type PaidSale, type PaymentPart } from '../till/summary.ts';

const toCents = (reais: number) => Math.round(reais * 100);

/** The parts as a sale stores them, each amount rounded to the cent; null (one method) stays null. */
export function partsInCents(parts: readonly PaymentPart[] | null | undefined): PaymentPart[] | null {
  if (parts === null || parts === undefined) return null;
  return parts.map((part) => ({ forma: part.forma, valor: toCents(part.valor) / 100 }));
}

/** Refuses parts that cannot stand with `invalid_input` on `pagamentos`, the rule's code as its issue. */
export function refuseBadParts(sale: PaidSale): void {
  const problem = partsProblem(sale);
  if (problem !== null) throw DataError.invalid([{ field: 'pagamentos', code: problem }], `pagamentos: ${problem}`);
}

/** What 'Valor recebido' has to cover: the sale's cash part (a cash sale's whole total); null when none is cash. */
export function cashDueOf(sale: PaidSale): number | null {
  return partsOf(sale).find((part) => part.forma === 'dinheiro')?.valor ?? null;
}

/** Whether the cash received covers what is due in cash, to the cent. */
export function covers(received: number, due: number): boolean {
  return toCents(received) >= toCents(due);
}
