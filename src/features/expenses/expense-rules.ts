// The expenses page's rules without React: the currency input (digits are cents, within the money limit), the form's check with the
// worker's schema, colours in 137.5° hue steps, chart labels cut at 12 characters, the percent change as read,
// the filters the page sends, and the page to show after a delete.
import { checkInput } from '../../../workers/contract/input.ts';
import type { PercentChange } from '../../../workers/api.ts';
import { categorySchema, expenseSchema, type ExpenseFields, type ExpenseFilter } from '../../../workers/expenses/schema.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { expensesText } from '../../i18n/expenses.pt-BR.ts';
import { formatBRL } from '../../lib/format.ts';
import { MONEY_INPUT_MAX, moneyProblem } from '../../lib/number-input.ts';

const copy = expensesText;

export type TypedCents =
  | { readonly ok: true; readonly cents: number }
  | { readonly ok: false; readonly problem: 'negative' | 'too_large'; readonly message: string };

/**
 * Cents as typed in the currency field: only digits count, read as cents ('1234' → 1234, 'R$ 12,34' → 1234). A
 * minus or more than the money fields' limit (src/lib/number-input.ts) is refused with its message, never dropped.
 */
export function centsOfTyped(text: string): TypedCents {
  if (text.includes('-')) return { ok: false, problem: 'negative', message: moneyProblem(NEGATIVE) ?? '' };
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  const cents = digits === '' ? 0 : Number(digits);
  if (digits.length > 15 || cents > Math.round(MONEY_INPUT_MAX * 100)) {
    return { ok: false, problem: 'too_large', message: moneyProblem(TOO_LARGE) ?? '' };
  }
  return { ok: true, cents };
}

const NEGATIVE = { ok: false, problem: 'negative' } as const;
const TOO_LARGE = { ok: false, problem: 'too_large' } as const;

/** The currency field's text for an amount in cents: 'R$ 0,00', 'R$ 12,34'. */
export function currencyText(cents: number): string {
  return formatBRL(cents / 100);
}

export interface ExpenseFormValues {
  readonly descricao: string;
  readonly cents: number;
  readonly data: string;
  /** '' for no category. */
  readonly categoria_id: string;
}

export type ExpenseField = 'descricao' | 'valor' | 'data' | 'categoria_id';

export type ExpenseFormCheck =
  | { readonly ok: true; readonly input: ExpenseFields }
  | { readonly ok: false; readonly errors: Partial<Record<ExpenseField, string>> };

/** The dialog's check: the worker's own schema, with the spec's messages on the fields. */
export function checkExpenseForm(values: ExpenseFormValues): ExpenseFormCheck {
  const checked = checkInput(expenseSchema, {
    descricao: values.descricao,
    valor: values.cents / 100,
    data: values.data,
    categoria_id: values.categoria_id || null,
  });
  return checked.ok ? { ok: true, input: checked.value } : { ok: false, errors: fieldMessages('expenses', checked.issues) };
}

/** The category form's check (nome 2–50, colour), with the spec's messages. */
export function checkCategoryForm(nome: string, cor: string): { ok: true } | { ok: false; errors: Record<string, string> } {
  const checked = checkInput(categorySchema, { nome, cor });
  return checked.ok ? { ok: true } : { ok: false, errors: fieldMessages('expenseCategories', checked.issues) };
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The hue of the n-th generated colour: steps of 137.5° (the golden angle), so neighbours never look alike. */
export function generatedHue(index: number): number {
  return (index * 137.5) % 360;
}

/** The n-th generated colour (#rrggbb), for a new category's suggestion and a chart slice without a colour. */
export function generatedColor(index: number): string {
  return hslToHex(generatedHue(index), 65, 50);
}

/** A chart label: at most 12 characters, then an ellipsis ('Manutenção da loja' → 'Manutenção d…'). */
export function cutLabel(label: string, max = 12): string {
  const graphemes = Array.from(new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }).segment(label), (part) => part.segment);
  return graphemes.length > max ? `${graphemes.slice(0, max).join('')}…` : label;
}

const percentFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** How the card reads the change: '+12,5%', '-3,0%', '0,0%' or 'Aumento a partir de zero'; up is bad (red). */
export function changeText(change: PercentChange): { readonly text: string; readonly direction: 'up' | 'down' | 'same' } {
  if (change.kind === 'from_zero') return { text: copy.fromZero, direction: 'up' };
  const text = `${change.percent > 0 ? '+' : ''}${percentFormat.format(change.percent)}%`;
  return { text, direction: change.percent > 0 ? 'up' : change.percent < 0 ? 'down' : 'same' };
}

export interface FilterState {
  readonly descricao: string;
  /** '' for all categories. */
  readonly categoria_id: string;
  readonly data_de: string;
  readonly data_ate: string;
}

export const EMPTY_FILTERS: FilterState = { descricao: '', categoria_id: '', data_de: '', data_ate: '' };

/** What the page asks the worker for: only the filters in use, the description trimmed. */
export function filterOf(state: FilterState): ExpenseFilter {
  const descricao = state.descricao.trim();
  return {
    ...(descricao ? { descricao } : {}),
    ...(state.categoria_id ? { categoria_id: state.categoria_id } : {}),
    ...(state.data_de ? { data_de: state.data_de } : {}),
    ...(state.data_ate ? { data_ate: state.data_ate } : {}),
  };
}

/** Whether any filter is set (then 'Limpar' clears them). */
export function hasFilters(state: FilterState): boolean {
  return Object.keys(filterOf(state)).length > 0;
}

/** A period the owner typed is usable when both ends are empty, or the end is not before the start. */
export function periodProblem(from: string, to: string): string | null {
  return from && to && to < from ? copy.periodInvalid : null;
}

/** The page to show after deleting one expense of `page` that showed `rowsOnPage` rows: back one if it was the last. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

/** The device's date (yyyy-MM-dd) for the new expense's default. */
export function todayInput(now = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
