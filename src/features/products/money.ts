// Money as the product form types it (spec 1 §5): digits and one comma while typing, two decimals on blur,
// stored with a dot.

/** What a price field keeps of what was typed: digits and the first comma (a dot counts as the comma). */
export function sanitizeMoneyInput(text: string): string {
  const kept = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = kept.indexOf(',');
  return comma < 0 ? kept : `${kept.slice(0, comma + 1)}${kept.slice(comma + 1).replace(/,/g, '')}`;
}

/** The value of a price field; anything that is not a number is 0. */
export function parseMoney(text: string): number {
  const cleaned = sanitizeMoneyInput(text);
  const [whole = '', fraction = ''] = cleaned.split(',');
  const value = Number(`${whole === '' ? '0' : whole}.${fraction.slice(0, 2) || '0'}`);
  return Number.isFinite(value) ? value : 0;
}

/** A price field on blur: padded or cut to two decimals ('12,5' → '12,50', '' → '0,00'). */
export function formatMoneyInput(text: string): string {
  return moneyInputOf(parseMoney(text));
}

/** A stored price as the field shows it (12.5 → '12,50'). */
export function moneyInputOf(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2).replace('.', ',');
}
