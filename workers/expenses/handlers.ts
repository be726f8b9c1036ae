// The expenses domain: expenses and their categories on the device (replicated like every owner collection),
// the page's live queries, and every expense of the filters at once for the exports. A category name already
// in use (case and accents ignored) is refused; removing a category leaves its expenses uncategorised, as the
// server's summary does (they keep the id; the join no longer finds it).
import type { DespesaCategoriasDoc, DespesasDoc } from '../../schemas/index.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import { cents, insertOwned, patchOwned, softRemove } from '../db/records.ts';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { normalize } from '../products/search-index.ts';
import { expenseQueries, filteredRows } from './queries.ts';
import {
  categorySchema,
  expenseFilterSchema,
  expenseSchema,
  type CategoryInput,
  type ExpenseFilter,
  type ExpenseInput,
} from './schema.ts';
import { rowsOf, type ExpenseRow } from './summary.ts';

export type { CategoryInput, ExpenseFilter, ExpenseInput } from './schema.ts';
export type { ExpensesPage, ExpensesPageParams } from './queries.ts';
export type { CategoryRef, CategoryTotal, ExpenseRow, ExpenseSummary, PercentChange, PeriodRange } from './summary.ts';

/** The name as compared for duplicates: trimmed, case and accents ignored. */
const nameKey = (nome: string): string => normalize(nome.trim());

export function createExpensesDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async create(input: ExpenseInput): Promise<string> {
        const expense = parseInput(expenseSchema, input);
        return insertOwned(await holder.current(), 'despesas', { ...expense, valor: cents(expense.valor) });
      },
      /** Replaces descrição, valor, data and categoria (the dialog sends them all). */
      async update(id: string, input: ExpenseInput): Promise<void> {
        const expense = parseInput(expenseSchema, input);
        await patchOwned(await holder.current(), 'despesas', id, { ...expense, valor: cents(expense.valor) });
      },
      async remove(id: string): Promise<void> {
        await softRemove(await holder.current(), 'despesas', id);
      },
      async createCategory(input: CategoryInput): Promise<string> {
        const category = parseInput(categorySchema, input);
        const workspace = await holder.current();
        const existing = await workspace.database.despesa_categorias.find().exec();
        const key = nameKey(category.nome);
        if (existing.some((doc) => nameKey(doc.nome) === key)) {
          throw DataError.invalid([{ field: 'nome', code: 'duplicate' }], 'despesa_categorias nome');
        }
        return insertOwned(workspace, 'despesa_categorias', { nome: category.nome, cor: category.cor, icone: null });
      },
      async removeCategory(id: string): Promise<void> {
        await softRemove(await holder.current(), 'despesa_categorias', id);
      },
      /** Every expense of the filters, newest first, for 'Exportar PDF' and 'Exportar CSV'. */
      async exportRows(filter: ExpenseFilter): Promise<ExpenseRow[]> {
        const parsed = parseInput(expenseFilterSchema, filter);
        const database = (await holder.current()).database;
        const [expenses, categories] = await Promise.all([
          database.despesas.find().exec(),
          database.despesa_categorias.find().exec(),
        ]);
        const rows = rowsOf(
          expenses.map((doc) => doc.toJSON() as DespesasDoc),
          categories.map((doc) => doc.toJSON() as DespesaCategoriasDoc),
        );
        return filteredRows(rows, parsed);
      },
    },
    live: expenseQueries(holder),
  };
}
