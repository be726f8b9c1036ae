// 'Dinheiro' at the counter: the change from the amount received, in cents (no floating-point drift), and the
// quick notes the owner taps instead of typing; a stored sale's received amount and change.

/** R$ 2, 5, 10, 20, 50 and 100 notes, in reais. */
export const QUICK_NOTES = [2, 5, 10, 20, 50, 100] as const;

export type CashChange =
  /** Nothing typed yet. */
  | { readonly kind: 'none' }
  /** Enough received: the change to hand back (0 for the exact amount). */
  | { readonly kind: 'change'; readonly cents: number }
  /** Less than the total: what is still missing. */
  | { readonly kind: 'short'; readonly cents: number };

const toCents = (reais: number) => Math.round(reais * 100);

/** A sale's stored cash: what was received and the change handed back, both in reais; null when none was kept. */
export function cashOfSale(total: number, received: number | null): { received: number; change: number } | null {
  if (received === null) return null;
  const change = cashChange(total, received);
  return change.kind === 'change' ? { received, change: change.cents / 100 } : null;
}

export function cashChange(totalReais: number, receivedReais: number | null): CashChange {
  if (receivedReais === null) return { kind: 'none' };
  const difference = toCents(receivedReais) - toCents(totalReais);
  return difference >= 0 ? { kind: 'change', cents: difference } : { kind: 'short', cents: -difference };
}
