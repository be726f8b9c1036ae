// The admin dashboard's derived figures (docs/product.md §9): MRR is the monthly revenue of real payments, ARR = MRR × 12,
// conversion with one decimal, free = total − premium.
import { describe, expect, it } from 'vitest';
import { planFigures } from '../../workers/admin/figures.ts';

describe('admin plan figures', () => {
  it('MRR and ARR to the cent, from the monthly revenue', () => {
    expect(planFigures(10, 3, 44.7)).toMatchObject({ free: 7, mrr: 44.7, arr: 536.4 });
    expect(planFigures(10_000, 1_234, 18_386.6)).toMatchObject({ mrr: 18_386.6, arr: 220_639.2 });
    // Premium granted for free: premium users, no revenue.
    expect(planFigures(5, 2, 0)).toMatchObject({ free: 3, mrr: 0, arr: 0, conversion: 40 });
  });

  it('conversion: premium / total × 100 with one decimal, 0 with no users', () => {
    expect(planFigures(3, 1, 0).conversion).toBe(33.3);
    expect(planFigures(3, 2, 0).conversion).toBe(66.7);
    expect(planFigures(8, 1, 0).conversion).toBe(12.5);
    expect(planFigures(1_000, 1, 0).conversion).toBe(0.1);
    expect(planFigures(2_000, 1, 0).conversion).toBe(0.1);
    expect(planFigures(3_000, 1, 0).conversion).toBe(0);
    expect(planFigures(4, 4, 0).conversion).toBe(100);
    expect(planFigures(0, 0, 0)).toEqual({ free: 0, mrr: 0, arr: 0, conversion: 0 });
  });
});
