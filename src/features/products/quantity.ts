// Stock quantities as the screens show them (docs/product.md §5): kg and g are weights, shown with up to three decimals.
// (How a quantity is typed and read: src/lib/number-input.ts.)

export function isWeightUnit(unit: string): boolean {
  return unit === 'kg' || unit === 'g';
}

const weight = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A stock for reading, with its unit: '2,5 kg', '12 un'. */
export function formatStock(value: number, unit: string): string {
  return `${weight.format(isWeightUnit(unit) ? value : Math.round(value * 1000) / 1000)} ${unit}`;
}
