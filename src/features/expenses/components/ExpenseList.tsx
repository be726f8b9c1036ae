// The expenses of the filters, ten per page: a table (Descrição, Categoria, Data, Valor, Ações) from 768 px, a
// card per expense on a phone with the same information; 'Página X de Y' with Anterior / Próximo.
import { ChevronLeft, ChevronRight, Pencil, Trash2 } from 'lucide-react';
import type { ExpenseRow, ExpensesPage } from '../../../../workers/api.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { ColorDot } from './CategorySelect.tsx';

const copy = expensesText;

function CategoryCell({ row }: { row: ExpenseRow }) {
  return row.categoria ? (
    <span className="inline-flex min-w-0 items-center gap-2">
      <ColorDot color={row.categoria.cor} />
      <span className="truncate">{row.categoria.nome}</span>
    </span>
  ) : (
    <span className="text-ink/60">{copy.noCategory}</span>
  );
}

interface RowActions {
  onEdit: (row: ExpenseRow) => void;
  onDelete: (row: ExpenseRow) => void;
}

function Actions({ row, onEdit, onDelete }: { row: ExpenseRow } & RowActions) {
  return (
    <span className="flex justify-end gap-1">
      <button
        type="button"
        aria-label={copy.editLabel(row.descricao)}
        title={copy.edit}
        onClick={() => {
          onEdit(row);
        }}
        className="flex size-11 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50"
      >
        <Pencil aria-hidden size={18} />
      </button>
      <button
        type="button"
        aria-label={copy.deleteLabel(row.descricao)}
        title={copy.delete}
        onClick={() => {
          onDelete(row);
        }}
        className="flex size-11 items-center justify-center rounded-xl text-red-700 hover:bg-red-50"
      >
        <Trash2 aria-hidden size={18} />
      </button>
    </span>
  );
}

function Pager({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.pagination} className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        className="px-3"
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        <ChevronLeft aria-hidden size={18} className="hidden sm:block" />
        {copy.previous}
      </Button>
      <span className="text-center text-sm font-medium text-ink" aria-live="polite">
        {copy.pageOf(page, pageCount)}
      </span>
      <Button
        variant="secondary"
        className="px-3"
        disabled={page >= pageCount}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        {copy.next}
        <ChevronRight aria-hidden size={18} className="hidden sm:block" />
      </Button>
    </nav>
  );
}

export function ExpenseList({ data, onPage, ...actions }: { data: ExpensesPage; onPage: (page: number) => void } & RowActions) {
  const columns = copy.columns;
  return (
    <div className="flex flex-col gap-3">
      <table
        aria-label={copy.listLabel}
        className="hidden w-full table-fixed overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-ink/5 md:table"
      >
        <thead className="bg-brand-50 text-sm text-brand-900">
          <tr>
            <th scope="col" className="w-[38%] px-4 py-3 font-semibold">
              {columns.descricao}
            </th>
            <th scope="col" className="w-[22%] px-4 py-3 font-semibold">
              {columns.categoria}
            </th>
            <th scope="col" className="w-[14%] px-4 py-3 font-semibold">
              {columns.data}
            </th>
            <th scope="col" className="w-[14%] px-4 py-3 text-right font-semibold">
              {columns.valor}
            </th>
            <th scope="col" className="w-[12%] px-4 py-3 text-right font-semibold">
              {columns.acoes}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/5">
          {data.items.map((row) => (
            <tr key={row.id}>
              <td className="px-4 py-2 font-medium text-ink [overflow-wrap:anywhere]">{row.descricao}</td>
              <td className="px-4 py-2">
                <CategoryCell row={row} />
              </td>
              <td className="px-4 py-2 tabular-nums">{formatDate(row.data)}</td>
              <td className="px-4 py-2 text-right font-semibold tabular-nums">{formatBRL(row.valor)}</td>
              <td className="px-2 py-1">
                <Actions row={row} {...actions} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul
        aria-label={copy.listLabel}
        className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5 md:hidden"
      >
        {data.items.map((row) => (
          <li key={row.id} className="flex items-center gap-2 py-2 pl-4 pr-1">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink [overflow-wrap:anywhere]">{row.descricao}</p>
              <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink/80">
                <CategoryCell row={row} />
                <span className="tabular-nums">{formatDate(row.data)}</span>
              </p>
              <p className="mt-0.5 font-semibold tabular-nums text-ink">{formatBRL(row.valor)}</p>
            </div>
            <Actions row={row} {...actions} />
          </li>
        ))}
      </ul>
      <Pager page={data.page} pageCount={data.pageCount} onPage={onPage} />
    </div>
  );
}
