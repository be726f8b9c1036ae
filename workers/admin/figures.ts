// The admin dashboard's derived figures (spec 2 §9): MRR = premium × 14,90, ARR = MRR × 12, conversion =
// premium / total × 100 with one decimal, free = total − premium.

/** Premium monthly price in reais (spec 2 §9). */
export const PREMIUM_MONTHLY_PRICE = 14.9;

export interface PlanFigures {
  readonly free: number;
  readonly mrr: number;
  readonly arr: number;
  /** Percent with one decimal (0 when there are no users). */
  readonly conversion: number;
}

/** Money to the cent, away from binary noise (14.9 × 3 is 44.7, not 44.699999…). */
const cents = (value: number) => Math.round(value * 100) / 100;

export function planFigures(total: number, premium: number): PlanFigures {
  const mrr = cents(premium * PREMIUM_MONTHLY_PRICE);
  return {
    free: Math.max(0, total - premium),
    mrr,
    arr: cents(mrr * 12),
    conversion: total > 0 ? Math.round((premium / total) * 1000) / 10 : 0,
  };
}
