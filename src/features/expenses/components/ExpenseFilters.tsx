// 'Filtros': the description search, the category (with colour dots), the period ('Filtrar por período': two
// dates, 'Limpar' and 'Aplicar') and 'Limpar' for all of them. The search applies as the owner stops typing.
import { useEffect, useState } from 'react';
import { CalendarRange, Filter, Search, X } from 'lucide-react';
import { clsx } from 'clsx';
import type { CategoryRef } from '../../../../workers/api.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { EMPTY_FILTERS, hasFilters, periodProblem, type FilterState } from '../expense-rules.ts';
import { CategorySelect } from './CategorySelect.tsx';

const copy = expensesText;
const SEARCH_DELAY_MS = 300;

function PeriodPicker({ value, onApply }: { value: FilterState; onApply: (from: string, to: string) => void }) {
  const [from, setFrom] = useState(value.data_de);
  const [to, setTo] = useState(value.data_ate);
  const problem = periodProblem(from, to);
  const applied =
    value.data_de || value.data_ate
      ? `${value.data_de ? formatDate(value.data_de) : '…'} – ${value.data_ate ? formatDate(value.data_ate) : '…'}`
      : null;
  return (
    <fieldset className="min-w-0 rounded-xl border border-ink/15 p-3">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-ink">
        <CalendarRange aria-hidden size={16} />
        {copy.period}
      </legend>
      <p className={clsx('mb-2 text-sm', applied ? 'font-semibold text-brand-700' : 'text-ink/60')}>
        {applied ?? copy.periodPlaceholder}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="min-w-0 text-sm text-ink">
          {copy.periodFrom}
          <input
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => {
              setFrom(event.target.value);
            }}
            className={clsx(inputClass, 'mt-1 border-ink/20 px-2')}
          />
        </label>
        <label className="min-w-0 text-sm text-ink">
          {copy.periodTo}
          <input
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => {
              setTo(event.target.value);
            }}
            className={clsx(inputClass, 'mt-1 border-ink/20 px-2')}
          />
        </label>
      </div>
      <p className="mt-1 text-sm font-medium text-red-700" aria-live="polite">
        {problem ?? ''}
      </p>
      <div className="mt-2 flex gap-2">
        <Button
          variant="ghost"
          className="flex-1"
          onClick={() => {
            setFrom('');
            setTo('');
            onApply('', '');
          }}
        >
          {copy.periodClear}
        </Button>
        <Button
          variant="secondary"
          className="flex-1"
          disabled={problem !== null}
          onClick={() => {
            onApply(from, to);
          }}
        >
          {copy.periodApply}
        </Button>
      </div>
    </fieldset>
  );
}

export function ExpenseFilters({
  value,
  categories,
  onChange,
}: {
  value: FilterState;
  categories: readonly CategoryRef[];
  onChange: (next: FilterState) => void;
}) {
  const [text, setText] = useState(value.descricao);
  useEffect(() => {
    if (text === value.descricao) return undefined;
    const timer = setTimeout(() => {
      onChange({ ...value, descricao: text });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text, value, onChange]);

  return (
    <section aria-labelledby="filtros-titulo" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="filtros-titulo" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
          <Filter aria-hidden size={18} />
          {copy.filters}
        </h2>
        <Button
          variant="ghost"
          className="min-h-11 px-3"
          aria-label={copy.clearFiltersLabel}
          disabled={!hasFilters(value) && text === ''}
          onClick={() => {
            setText('');
            onChange(EMPTY_FILTERS);
          }}
        >
          <X aria-hidden size={18} />
          {copy.clearFilters}
        </Button>
      </div>
      <div className="grid gap-3 lg:grid-cols-[1fr_1fr_minmax(0,1.2fr)] lg:items-start">
        <div className="relative">
          <label htmlFor="filtro-descricao" className="mb-1 block text-sm font-medium text-ink">
            {copy.searchLabel}
          </label>
          <Search aria-hidden size={20} className="pointer-events-none absolute bottom-3.5 left-3 text-ink/50" />
          <input
            id="filtro-descricao"
            type="search"
            placeholder={copy.searchPlaceholder}
            value={text}
            maxLength={500}
            onChange={(event) => {
              setText(event.target.value);
            }}
            className={clsx(inputClass, 'border-ink/20 pl-10')}
          />
        </div>
        <div>
          <label htmlFor="filtro-categoria" className="mb-1 block text-sm font-medium text-ink">
            {copy.categoryFilter}
          </label>
          <CategorySelect
            id="filtro-categoria"
            label={copy.categoryFilter}
            value={value.categoria_id}
            noneLabel={copy.allCategories}
            categories={categories}
            onChange={(categoria_id) => {
              onChange({ ...value, categoria_id });
            }}
          />
        </div>
        <PeriodPicker
          // A period applied or cleared ('Limpar' for all) starts the picker again from it.
          key={`${value.data_de}|${value.data_ate}`}
          value={value}
          onApply={(data_de, data_ate) => {
            onChange({ ...value, data_de, data_ate });
          }}
        />
      </div>
    </section>
  );
}
