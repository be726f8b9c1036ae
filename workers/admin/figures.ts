// The admin dashboard's derived figures (docs/product.md §9): MRR is what owners really pay a month (the server's
// admin_monthly_revenue: paid premium payments in their period, never the premium the admin grants for free),
// ARR = MRR × 12, conversion = premium / total × 100 with one decimal, free = total − premium. Admin accounts are
// not users: the server's counters leave them out.

/** Premium monthly price in reais (docs/product.md §9). */
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

/** From the users and premium users counted, and the monthly revenue of real payments (reais). */
export function planFigures(total: number, premium: number, monthlyRevenue: number): PlanFigures {
  const mrr = cents(monthlyRevenue);
  return {
    free: Math.max(0, total - premium),
    mrr,
    arr: cents(mrr * 12),
    conversion: total > 0 ? Math.round((premium / total) * 1000) / 10 : 0,
  };
}
