// The expenses page (Despesas): 'Nova Despesa', 'Categorias' and 'Exportar'; the summary, the filters and the
// paginated list with edit and delete per row. Everything reads the device's data, offline as online.
import { useCallback, useState } from 'react';
import { Plus } from 'lucide-react';
import type { ExpenseRow } from '../../../../workers/api.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { EMPTY_FILTERS, filterOf, hasFilters, pageAfterDelete, type FilterState } from '../expense-rules.ts';
import { CategoriesDialog } from './CategoriesDialog.tsx';
import { DeleteExpenseDialog } from './DeleteExpenseDialog.tsx';
import { ExpenseDialog } from './ExpenseDialog.tsx';
import { ExpenseFilters } from './ExpenseFilters.tsx';
import { ExpenseList } from './ExpenseList.tsx';
import { ExpenseSummary } from './ExpenseSummary.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = expensesText;
/** Where the rows of a page of expenses will be, until the first answer. */
const EXPENSE_ROWS_SKELETON = { count: 5, className: 'h-14' };

export function ExpensesPage() {
  usePageTitle(t.pages.expenses);
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ open: boolean; expense: ExpenseRow | null }>({ open: false, expense: null });
  const [deleting, setDeleting] = useState<ExpenseRow | null>(null);
  const filter = filterOf(filters);
  const categories = useLiveQuery('expenseCategories', undefined);
  const list = useLiveQuery('expensesPage', { filter, page });
  const shownPage = list.data?.page ?? page;
  const rowsOnPage = list.data?.items.length ?? 0;

  const changeFilters = useCallback((next: FilterState) => {
    setFilters(next);
    setPage(1);
  }, []);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <PageHeader title={copy.title}>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
          <Button
            className="col-span-2 px-4"
            onClick={() => {
              setEditing({ open: true, expense: null });
            }}
          >
            <Plus aria-hidden size={20} />
            {copy.newExpense}
          </Button>
          <CategoriesDialog categories={categories.data} />
          <ExportMenu filter={filter} />
        </div>
      </PageHeader>

      <ExpenseSummary filter={filter} />
      <ExpenseFilters value={filters} categories={categories.data ?? []} onChange={changeFilters} />

      <DataStates
        state={list}
        skeleton={EXPENSE_ROWS_SKELETON}
        failure={(error) => ({ title: copy.listError(errorMessage(error)), message: null })}
        // Days before those this device keeps are never said to have no expenses.
        isEmpty={(found) => found.total === 0 && found.keptFrom === null}
        empty={<EmptyNotice title={copy.empty} hint={hasFilters(filters) ? undefined : copy.emptyHint} />}
      >
        {(found) => (
          <>
            {/* No expense the device keeps: the spec's empty text, with the window's line below. */}
            {found.total === 0 ? <EmptyNotice title={copy.empty} /> : null}
            <ExpenseList
              data={found}
              onPage={setPage}
              onEdit={(expense) => {
                setEditing({ open: true, expense });
              }}
              onDelete={setDeleting}
            />
            {found.keptFrom !== null && found.page === found.pageCount ? (
              <p role="note" className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                {copy.beforeWindow(formatDate(found.keptFrom))}
              </p>
            ) : null}
          </>
        )}
      </DataStates>

      <ExpenseDialog
        open={editing.open}
        expense={editing.expense}
        categories={categories.data ?? []}
        onOpenChange={(open) => {
          setEditing((current) => ({ ...current, open }));
        }}
      />
      <DeleteExpenseDialog
        expense={deleting}
        onClose={() => {
          setDeleting(null);
        }}
        onDeleted={() => {
          setPage(pageAfterDelete(shownPage, rowsOnPage));
        }}
      />
    </section>
  );
}
