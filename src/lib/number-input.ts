// Money and quantities as the owner types them, the Brazilian way: '.' groups thousands and ',' is the decimal
// mark ('1.234,56'). A reading is either the exact value the field shows or the reason it cannot be stored
// (unreadable, negative, too many decimals, above the limit, with its message); nothing is guessed, rounded or
// dropped.
import { numberInputText } from '../i18n/number-input.pt-BR.ts';

const copy = numberInputText;

export type NumberProblem = 'unreadable' | 'negative' | 'too_many_decimals' | 'not_whole' | 'too_large';

export type NumberReading =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly problem: NumberProblem };

/**
 * The largest amount a money field takes. A sale line is price × quantity in numeric(12,2) (at most
 * 9.999.999.999,99), so a price up to 999.999,99 times a quantity up to 9.999,999 always fits.
 */
export const MONEY_INPUT_MAX = 999_999.99;
/** The largest quantity a quantity field takes (stock and sale quantities are numeric(14,3)). */
export const QUANTITY_INPUT_MAX = 9_999.999;

/** Digits grouped by dots ('1.234.567') or not ('1234567'), then an optional comma and decimals. */
const SHAPE = /^(\d{1,3}(?:\.\d{3})+|\d*),?(\d*)$/;

/** Reads `text` with at most `decimals` decimal places and at most `max`; blank reads as 0. */
export function readNumber(text: string, decimals: number, max: number): NumberReading {
  let compact = text.replace(/\s/g, '').replace(/^(-?)R\$/i, '$1');
  const negative = compact.startsWith('-');
  if (negative) compact = compact.slice(1);
  if (compact === '') return negative ? { ok: false, problem: 'unreadable' } : { ok: true, value: 0 };
  const match = SHAPE.exec(compact);
  if (!match || !/\d/.test(compact)) return { ok: false, problem: 'unreadable' };
  const whole = (match[1] ?? '').replace(/\./g, '') || '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const value = Number(`${whole}.${fraction || '0'}`);
  if (negative && value !== 0) return { ok: false, problem: 'negative' };
  if (fraction.length > decimals) return { ok: false, problem: decimals === 0 ? 'not_whole' : 'too_many_decimals' };
  if (value > max) return { ok: false, problem: 'too_large' };
  return { ok: true, value };
}

/** A money field's reading: two decimals, up to MONEY_INPUT_MAX. */
export function readMoney(text: string): NumberReading {
  return readNumber(text, 2, MONEY_INPUT_MAX);
}

const WHOLE_UNITS: readonly string[] = ['un', 'pct', 'cx'];

/** Decimal places a quantity in `unit` may have: none for units counted whole (un, pct, cx), else 3 (kg, g, l, ml). */
export function quantityDecimals(unit: string): number {
  return WHOLE_UNITS.includes(unit) ? 0 : 3;
}

/** A quantity field's reading in `unit`, up to QUANTITY_INPUT_MAX (a whole 9.999 for whole units). */
export function readQuantity(text: string, unit: string): NumberReading {
  const decimals = quantityDecimals(unit);
  return readNumber(text, decimals, decimals === 0 ? Math.trunc(QUANTITY_INPUT_MAX) : QUANTITY_INPUT_MAX);
}

/** The value read, or NaN when the text cannot be stored (so a command's own check refuses it too). */
export function valueOf(reading: NumberReading): number {
  return reading.ok ? reading.value : Number.NaN;
}

const moneyFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** An amount as a money field shows it (1234.5 → '1.234,50'). */
export function moneyText(value: number): string {
  return moneyFormat.format(value);
}

/** A quantity as a quantity field shows it (1234.5 → '1.234,5'; 12 → '12'). */
export function quantityText(value: number): string {
  return quantityFormat.format(value);
}

/** What a field shows once left: the value in its own format when readable, else the text as typed. */
export function settledText(text: string, reading: NumberReading, format: (value: number) => string): string {
  return reading.ok && text.trim() !== '' ? format(reading.value) : text;
}

/** The message of a money text that cannot be stored; undefined when it can. */
export function moneyProblem(reading: NumberReading): string | undefined {
  if (reading.ok) return undefined;
  if (reading.problem === 'too_large') return copy.money.too_large(moneyText(MONEY_INPUT_MAX));
  return copy.money[reading.problem];
}

/** The message of a quantity text in `unit` that cannot be stored; undefined when it can. */
export function quantityProblem(reading: NumberReading, unit: string): string | undefined {
  if (reading.ok) return undefined;
  if (reading.problem === 'too_large') {
    const max = quantityDecimals(unit) === 0 ? Math.trunc(QUANTITY_INPUT_MAX) : QUANTITY_INPUT_MAX;
    return copy.quantity.too_large(`${quantityText(max)} ${unit}`);
  }
  return copy.quantity[reading.problem];
}
