// The expenses page's figures, computed on the device exactly as get_expense_summary computes them on the server
// (0010): the filters, the total, the totals per category (a deleted or unknown category counts as 'Sem
// categoria'), the previous period of the same length and the percent change, and the largest expense.
import type { DespesaCategoriasDoc, DespesasDoc } from '../../schemas/index.ts';
import { normalize } from '../products/search-index.ts';
import { DEFAULT_CATEGORY_COLOR, NO_CATEGORY, type ExpenseFilter } from './schema.ts';

/** The server's name for the expenses with no (live) category. */
export const UNCATEGORISED_NAME = 'Sem categoria';

export interface CategoryRef {
  readonly id: string;
  readonly nome: string;
  readonly cor: string;
}

/** An expense as the page shows it: with its category when that category still exists. */
export interface ExpenseRow {
  readonly id: string;
  readonly descricao: string;
  readonly valor: number;
  readonly data: string;
  /** As stored (it may name a category deleted since). */
  readonly categoria_id: string | null;
  readonly categoria: CategoryRef | null;
  readonly created_at: string;
}

export interface CategoryTotal {
  readonly nome: string;
  readonly cor: string;
  readonly total: number;
}

/** get_expense_summary's result. */
export interface SummaryFigures {
  readonly total_geral: number;
  readonly por_categoria: readonly CategoryTotal[];
}

export interface PeriodRange {
  readonly data_de: string;
  readonly data_ate: string;
}

/** How the total moved against the previous period (docs/product.md §9 Percent change). */
export type PercentChange =
  | { readonly kind: 'change'; readonly percent: number }
  /** Previous total 0 and current above 0: 'Aumento a partir de zero'. */
  | { readonly kind: 'from_zero' };

export interface ExpenseSummary extends SummaryFigures {
  /** The previous period's range and total, and the change; null when the filter has no complete period. */
  readonly previous: { readonly range: PeriodRange; readonly total: number; readonly change: PercentChange } | null;
  /** The largest expense of the filter (the highest valor), or null when there is none. */
  readonly maior: ExpenseRow | null;
}

const toCents = (value: number): number => Math.round(value * 100);
const fromCents = (value: number): number => value / 100;

/** Joins each expense to its live category (the server's LEFT JOIN on id and owner, deleted excluded). */
export function rowsOf(expenses: readonly DespesasDoc[], categories: readonly DespesaCategoriasDoc[]): ExpenseRow[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return expenses.map((expense) => {
    const category = expense.categoria_id ? byId.get(expense.categoria_id) : undefined;
    return {
      id: expense.id,
      descricao: expense.descricao,
      valor: expense.valor,
      data: expense.data,
      categoria_id: expense.categoria_id ?? null,
      categoria: category ? { id: category.id, nome: category.nome, cor: category.cor } : null,
      created_at: expense.created_at,
    };
  });
}

/** Each row's description as searched, computed once per row (the summary filters the same rows twice). */
const searchable = new WeakMap<ExpenseRow, string>();
function searchableOf(row: ExpenseRow): string {
  let text = searchable.get(row);
  if (text === undefined) {
    text = normalize(row.descricao);
    searchable.set(row, text);
  }
  return text;
}

/** Whether a row passes the filters, as the server's WHERE does (descrição: accents and case ignored, literal). */
export function matchesFilter(row: ExpenseRow, filter: ExpenseFilter): boolean {
  const needle = filter.descricao ?? '';
  if (needle !== '' && !searchableOf(row).includes(normalize(needle))) return false;
  if (filter.categoria_id === NO_CATEGORY && row.categoria_id !== null) return false;
  if (filter.categoria_id !== undefined && filter.categoria_id !== NO_CATEGORY) {
    if (row.categoria_id?.toLowerCase() !== filter.categoria_id.toLowerCase()) return false;
  }
  if (filter.data_de !== undefined && row.data < filter.data_de) return false;
  if (filter.data_ate !== undefined && row.data > filter.data_ate) return false;
  return true;
}

/** The list's order: newest date first; the same day by creation, newest first. */
export function byDateDesc(a: ExpenseRow, b: ExpenseRow): number {
  if (a.data !== b.data) return a.data < b.data ? 1 : -1;
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/** Total and per-category totals (largest first, then by name), in cents so that sums do not drift. */
export function figuresOf(rows: readonly ExpenseRow[]): SummaryFigures {
  const groups = new Map<string, { nome: string; cor: string; cents: number }>();
  let total = 0;
  for (const row of rows) {
    const cents = toCents(row.valor);
    total += cents;
    const key = row.categoria?.id ?? '';
    const group = groups.get(key) ?? {
      nome: row.categoria?.nome ?? UNCATEGORISED_NAME,
      cor: row.categoria?.cor ?? DEFAULT_CATEGORY_COLOR,
      cents: 0,
    };
    group.cents += cents;
    groups.set(key, group);
  }
  const por_categoria = [...groups.values()]
    .sort((a, b) => b.cents - a.cents || (a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : 0))
    .map((group) => ({ nome: group.nome, cor: group.cor, total: fromCents(group.cents) }));
  return { total_geral: fromCents(total), por_categoria };
}

const DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;
const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);

/** The same number of days as `range`, ending the day before it starts (docs/product.md §4). */
export function previousPeriod(range: PeriodRange): PeriodRange {
  const start = dayNumber(range.data_de);
  const days = dayNumber(range.data_ate) - start + 1;
  return { data_de: dateOf(start - days), data_ate: dateOf(start - 1) };
}

/** The change from `previous` to `current` in percent with one decimal; from zero up is its own case. */
export function percentChange(current: number, previous: number): PercentChange {
  const [now, before] = [toCents(current), toCents(previous)];
  if (before === 0) return now > 0 ? { kind: 'from_zero' } : { kind: 'change', percent: 0 };
  const percent = Math.round(((now - before) / before) * 1000) / 10;
  return { kind: 'change', percent: Object.is(percent, -0) ? 0 : percent };
}

/** The largest expense (ties: the newest in list order). */
export function largestOf(rows: readonly ExpenseRow[]): ExpenseRow | null {
  let largest: ExpenseRow | null = null;
  for (const row of rows) {
    if (
      !largest ||
      toCents(row.valor) > toCents(largest.valor) ||
      (row.valor === largest.valor && byDateDesc(row, largest) < 0)
    ) {
      largest = row;
    }
  }
  return largest;
}

/** The page's summary for a filter over all the owner's expenses (rows already joined). */
export function summaryOf(rows: readonly ExpenseRow[], filter: ExpenseFilter): ExpenseSummary {
  const matching = rows.filter((row) => matchesFilter(row, filter));
  const figures = figuresOf(matching);
  let previous: ExpenseSummary['previous'] = null;
  if (filter.data_de !== undefined && filter.data_ate !== undefined && filter.data_de <= filter.data_ate) {
    const range = previousPeriod({ data_de: filter.data_de, data_ate: filter.data_ate });
    const before = figuresOf(rows.filter((row) => matchesFilter(row, { ...filter, ...range }))).total_geral;
    previous = { range, total: before, change: percentChange(figures.total_geral, before) };
  }
  return { ...figures, previous, maior: largestOf(matching) };
}
