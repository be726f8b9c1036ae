// The expenses domain's inputs (docs/product.md §5): an expense (descrição of 3 to 500 characters, valor above zero, a real
// calendar date, optional category), a category (nome of 2 to 50 characters, #rrggbb colour, #808080 by default)
// and the page's filters. Limits are the CHECKs of public.despesas and public.despesa_categorias.
import * as v from 'valibot';
import { MAX_MONEY, positiveNumber, recordId } from '../contract/input.ts';

/** Expense description minimum (docs/product.md §9). */
export const EXPENSE_DESCRIPTION_MIN = 3;
/** Category name length (docs/product.md §9). */
export const CATEGORY_NAME_MIN = 2;
export const CATEGORY_NAME_MAX = 50;
/** A category's colour when none is chosen (docs/product.md §9). */
export const DEFAULT_CATEGORY_COLOR = '#808080';
/** The filter's pseudo-category: expenses without a category (get_expense_summary's p_categoria_id). */
export const NO_CATEGORY = 'NO_CATEGORY';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is yyyy-MM-dd and a day that exists (2026-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date as sales and expenses store it (yyyy-MM-dd); anything else is `invalid_format` ('Data inválida.'). */
export const calendarDate = v.pipe(v.string('required'), v.nonEmpty('required'), v.check(isCalendarDate, 'invalid_format'));

const descricao = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(EXPENSE_DESCRIPTION_MIN, 'too_short'),
  v.maxLength(500, 'too_long'),
);

/** No category: null, undefined, '' or the pseudo-value all mean the same. */
const categoriaId = v.nullish(
  v.pipe(
    v.string('invalid_type'),
    v.transform((text) => (text === '' || text === NO_CATEGORY ? null : text)),
    v.nullable(v.pipe(v.string(), v.uuid('invalid_format'))),
  ),
  null,
);

export const expenseSchema = v.object({
  descricao,
  valor: positiveNumber(MAX_MONEY),
  data: calendarDate,
  categoria_id: categoriaId,
});

export const categorySchema = v.object({
  nome: v.pipe(
    v.string('required'),
    v.trim(),
    v.nonEmpty('required'),
    v.minLength(CATEGORY_NAME_MIN, 'too_short'),
    v.maxLength(CATEGORY_NAME_MAX, 'too_long'),
  ),
  cor: v.nullish(v.pipe(v.string('invalid_type'), v.regex(/^#[0-9A-Fa-f]{6}$/, 'invalid_format')), DEFAULT_CATEGORY_COLOR),
});

/** The page's filters (docs/product.md §3 Expense filter): all optional; the period's ends are inclusive. */
export const expenseFilterSchema = v.object({
  descricao: v.optional(v.pipe(v.string('invalid_type'), v.maxLength(500, 'too_long'))),
  categoria_id: v.optional(v.union([v.literal(NO_CATEGORY), recordId], 'invalid_format')),
  data_de: v.optional(calendarDate),
  data_ate: v.optional(calendarDate),
});

export type ExpenseInput = v.InferInput<typeof expenseSchema>;
export type ExpenseFields = v.InferOutput<typeof expenseSchema>;
export type CategoryInput = v.InferInput<typeof categorySchema>;
export type ExpenseFilter = v.InferInput<typeof expenseFilterSchema>;
