// The admin dashboard's derived figures (spec 2 §9): MRR = premium × 14,90, ARR = MRR × 12, conversion with one
// decimal, free = total − premium.
import { describe, expect, it } from 'vitest';
import { planFigures, PREMIUM_MONTHLY_PRICE } from '../../workers/admin/figures.ts';

describe('admin plan figures', () => {
  it('MRR and ARR to the cent', () => {
    expect(PREMIUM_MONTHLY_PRICE).toBe(14.9);
    expect(planFigures(10, 3)).toMatchObject({ free: 7, mrr: 44.7, arr: 536.4 });
    expect(planFigures(10_000, 1_234)).toMatchObject({ mrr: 18_386.6, arr: 220_639.2 });
    expect(planFigures(5, 0)).toMatchObject({ free: 5, mrr: 0, arr: 0, conversion: 0 });
  });

  it('conversion: premium / total × 100 with one decimal, 0 with no users', () => {
    expect(planFigures(3, 1).conversion).toBe(33.3);
    expect(planFigures(3, 2).conversion).toBe(66.7);
    expect(planFigures(8, 1).conversion).toBe(12.5);
    expect(planFigures(1_000, 1).conversion).toBe(0.1);
    expect(planFigures(2_000, 1).conversion).toBe(0.1);
    expect(planFigures(3_000, 1).conversion).toBe(0);
    expect(planFigures(4, 4).conversion).toBe(100);
    expect(planFigures(0, 0)).toEqual({ free: 0, mrr: 0, arr: 0, conversion: 0 });
  });
});
