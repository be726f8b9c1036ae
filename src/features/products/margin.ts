// The estimated margin of the product form (docs/product.md §5): shown only when both prices are above 0 and the sale
// price exceeds the cost; green above 30 %, red below 10 %, orange between.

export type MarginTone = 'good' | 'fair' | 'poor';

/** (sale − cost) / sale × 100, or null when it is not shown. */
export function estimatedMargin(sale: number, cost: number): number | null {
  if (!(sale > 0) || !(cost > 0) || sale <= cost) return null;
  return ((sale - cost) / sale) * 100;
}

export function marginTone(margin: number): MarginTone {
  if (margin > 30) return 'good';
  if (margin < 10) return 'poor';
  return 'fair';
}
