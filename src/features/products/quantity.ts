// Stock quantities as the forms type them and the screens show them (spec 1 §5): digits with one dot or comma,
// empty is 0; kg and g are weights, shown with up to three decimals.

/** What a stock field keeps of what was typed: digits and the first separator (dot or comma). */
export function sanitizeQuantityInput(text: string): string {
  const kept = text.replace(/[^\d.,]/g, '');
  const separator = kept.search(/[.,]/);
  if (separator < 0) return kept;
  return `${kept.slice(0, separator + 1)}${kept.slice(separator + 1).replace(/[.,]/g, '')}`;
}

/** The value of a stock field: empty is 0; the comma is the decimal separator like the dot. */
export function parseQuantity(text: string): number {
  const cleaned = sanitizeQuantityInput(text).replace(',', '.');
  if (cleaned === '' || cleaned === '.') return 0;
  const value = Number(cleaned.startsWith('.') ? `0${cleaned}` : cleaned);
  return Number.isFinite(value) ? value : 0;
}

/** A stored quantity as a field shows it (2.5 → '2,5'). */
export function quantityInputOf(value: number): string {
  return String(Math.round(value * 1000) / 1000).replace('.', ',');
}

export function isWeightUnit(unit: string): boolean {
  return unit === 'kg' || unit === 'g';
}

const weight = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** A stock for reading, with its unit: '2,5 kg', '12 un'. */
export function formatStock(value: number, unit: string): string {
  return `${weight.format(isWeightUnit(unit) ? value : Math.round(value * 1000) / 1000)} ${unit}`;
}
