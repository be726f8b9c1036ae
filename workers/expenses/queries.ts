// What the expenses page reads, live from the device's database (offline as online): a page of expenses for the
// filters, the summary (figures, previous period, largest expense) and the categories by name.
import { combineLatest, map, shareReplay, type Observable } from 'rxjs';
import type { DespesaCategoriasDoc, DespesasDoc } from '../../schemas/index.ts';
import { parseInput } from '../contract/input.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { windowStart } from '../sync/window.ts';
import { expenseFilterSchema, type ExpenseFilter } from './schema.ts';
import {
  byDateDesc,
  matchesFilter,
  rowsOf,
  summaryOf,
  type CategoryRef,
  type ExpenseRow,
  type ExpenseSummary,
} from './summary.ts';

/** Expenses per page of the list (docs/product.md §9). */
export const EXPENSE_PAGE_SIZE = 10;

export interface ExpensesPageParams {
  readonly filter: ExpenseFilter;
  /** 1-based; clamped to the last page. */
  readonly page?: number;
}

export interface ExpensesPage {
  readonly items: readonly ExpenseRow[];
  /** Expenses matching the filters, over all pages. */
  readonly total: number;
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
  /**
   * The first day of the window of expenses this device keeps, when the filters reach before it: earlier
   * expenses are on the server only. Null when the filtered days are all inside the window.
   */
  readonly keptFrom: string | null;
}

const EMPTY_SUMMARY: ExpenseSummary = { total_geral: 0, por_categoria: [], previous: null, maior: null };

/** Every expense of the filters, newest first (the list's order; the exports take them all). */
export function filteredRows(rows: readonly ExpenseRow[], filter: ExpenseFilter): ExpenseRow[] {
  return rows.filter((row) => matchesFilter(row, filter)).sort(byDateDesc);
}

/** Cuts the filtered list into the requested page (`windowStart`: the first day this device keeps). */
export function pageOf(rows: readonly ExpenseRow[], params: ExpensesPageParams, windowStart: string | null = null): ExpensesPage {
  const matching = filteredRows(rows, params.filter);
  const pageCount = Math.max(1, Math.ceil(matching.length / EXPENSE_PAGE_SIZE));
  const requested = Number.isInteger(params.page) && (params.page ?? 1) > 0 ? (params.page ?? 1) : 1;
  const page = Math.min(requested, pageCount);
  return {
    items: matching.slice((page - 1) * EXPENSE_PAGE_SIZE, page * EXPENSE_PAGE_SIZE),
    total: matching.length,
    page,
    pageCount,
    pageSize: EXPENSE_PAGE_SIZE,
    keptFrom:
      windowStart !== null && (params.filter.data_de === undefined || params.filter.data_de < windowStart) ? windowStart : null,
  };
}

/** Categories by name (pt-BR order), as the selects and the categories dialog list them. */
export function categoryList(docs: readonly DespesaCategoriasDoc[]): CategoryRef[] {
  return docs
    .map((doc) => ({ id: doc.id, nome: doc.nome, cor: doc.cor }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || (a.id < b.id ? -1 : 1));
}

const joined = new WeakMap<Workspace, Observable<ExpenseRow[]>>();

/**
 * All the owner's expenses joined to their live categories, following both collections; one join per workspace,
 * shared by the list, the summary and anything else open at the same time.
 */
export function joinedRows$(workspace: Workspace): Observable<ExpenseRow[]> {
  let rows$ = joined.get(workspace);
  if (!rows$) {
    rows$ = combineLatest([workspace.database.despesas.find().$, workspace.database.despesa_categorias.find().$]).pipe(
      map(([expenses, categories]) =>
        rowsOf(
          expenses.map((doc) => doc.toJSON() as DespesasDoc),
          categories.map((doc) => doc.toJSON() as DespesaCategoriasDoc),
        ),
      ),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    joined.set(workspace, rows$);
  }
  return rows$;
}

/** The live queries of the expenses page (names unique across the API). */
export function expenseQueries(holder: WorkspaceHolder) {
  const whenSignedIn = <T>(read: (workspace: Workspace) => Observable<T>, signedOut: T): Observable<T> =>
    liveInWorkspace(holder, { value: signedOut }, read);
  return {
    expensesPage: (params: ExpensesPageParams): Observable<ExpensesPage> => {
      const filter = parseInput(expenseFilterSchema, params.filter);
      return whenSignedIn(
        (workspace) =>
          joinedRows$(workspace).pipe(
            map((rows) => pageOf(rows, { ...params, filter }, windowStart(workspace.clock.correctedNow()))),
          ),
        { items: [], total: 0, page: 1, pageCount: 1, pageSize: EXPENSE_PAGE_SIZE, keptFrom: null },
      );
    },
    expenseSummary: (params: { filter: ExpenseFilter }): Observable<ExpenseSummary> => {
      const filter = parseInput(expenseFilterSchema, params.filter);
      return whenSignedIn((workspace) => joinedRows$(workspace).pipe(map((rows) => summaryOf(rows, filter))), EMPTY_SUMMARY);
    },
    expenseCategories: (_params: undefined): Observable<CategoryRef[]> =>
      whenSignedIn(
        (workspace) =>
          workspace.database.despesa_categorias
            .find()
            .$.pipe(map((docs) => categoryList(docs.map((doc) => doc.toJSON() as DespesaCategoriasDoc)))),
        [],
      ),
  };
}
