// Money as the owner types it (spec 1 §5 Money input): digits and one comma, two decimals at most, a dot read as
// the comma; what is not a number reads as 0; on blur a field shows two decimals ('12,5' → '12,50').

/** What a money field keeps of what was typed: digits, the first comma, at most two decimals after it. */
export function sanitizeMoneyInput(text: string): string {
  const unified = text.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const comma = unified.indexOf(',');
  if (comma < 0) return unified;
  const decimals = unified
    .slice(comma + 1)
    .replace(/,/g, '')
    .slice(0, 2);
  return `${unified.slice(0, comma)},${decimals}`;
}

/** The amount in reais; 0 when nothing valid was typed ('', ',', 'abc'). */
export function parseMoney(text: string): number {
  const cleaned = sanitizeMoneyInput(text);
  const value = Number(cleaned.replace(',', '.'));
  return cleaned === '' || cleaned === ',' || !Number.isFinite(value) ? 0 : value;
}

/** A stored amount as a field shows it (12.5 → '12,50'). */
export function moneyInputOf(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2).replace('.', ',');
}

/** A money field on blur: padded or cut to two decimals ('12,5' → '12,50', '' → '0,00'). */
export function formatMoneyInput(text: string): string {
  return moneyInputOf(parseMoney(text));
}
