// The edit form's customer: the chosen one with 'Remover cliente', or a search over the device's clients
// (accents and case ignored, 10 at most) to choose one.
import { useState } from 'react';
import { Search, UserRound, X } from 'lucide-react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';

const copy = salesHistoryText;

export interface ChosenCustomer {
  readonly id: string;
  readonly nome: string;
}

function Results({ search, onChoose }: { search: string; onChoose: (customer: ChosenCustomer) => void }) {
  const result = useLiveQuery('clientsPage', { search, page: 1 });
  if (result.status === 'loading') return <p className="px-3 py-2 text-sm text-ink/70">{t.app.loading}</p>;
  if (result.status === 'error') return <p className="px-3 py-2 text-sm text-red-800">{copy.loadError}</p>;
  if (result.data.items.length === 0) return <p className="px-3 py-2 text-sm text-ink/70">{copy.customersEmpty}</p>;
  return (
    <ul aria-label={copy.customer} className="max-h-60 divide-y divide-ink/5 overflow-y-auto">
      {result.data.items.map((client) => (
        <li key={client.id}>
          <button
            type="button"
            className="flex min-h-12 w-full items-center gap-2 px-3 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
            onClick={() => {
              onChoose({ id: client.id, nome: client.nome });
            }}
          >
            <UserRound aria-hidden size={18} className="shrink-0 text-ink/50" />
            <span className="truncate">{client.nome}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function EditSaleCustomer({
  customer,
  error,
  onChange,
}: {
  customer: ChosenCustomer | null;
  error?: string;
  onChange: (customer: ChosenCustomer | null) => void;
}) {
  const [search, setSearch] = useState('');
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium text-ink" id="sale-customer-label">
        {copy.customer}
      </span>
      {customer ? (
        <div className="flex min-h-12 items-center gap-2 rounded-xl bg-brand-50 px-3">
          <UserRound aria-hidden size={18} className="shrink-0 text-brand-700" />
          <span className="min-w-0 flex-1 truncate font-semibold text-ink" aria-labelledby="sale-customer-label">
            {customer.nome}
          </span>
          <button
            type="button"
            aria-label={copy.clearCustomer}
            className="flex h-11 w-11 items-center justify-center rounded-xl text-ink/70 hover:bg-white"
            onClick={() => {
              onChange(null);
            }}
          >
            <X aria-hidden size={18} />
          </button>
        </div>
      ) : (
        <div className={clsx('rounded-xl ring-1', error ? 'ring-red-600' : 'ring-ink/20')}>
          <div className="relative">
            <Search aria-hidden size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink/50" />
            <input
              type="search"
              aria-label={copy.customerSearch}
              aria-invalid={error ? true : undefined}
              placeholder={copy.customerSearchPlaceholder}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
              }}
              onKeyDown={(event) => {
                // Enter in a search does not save the sale.
                if (event.key === 'Enter') event.preventDefault();
              }}
              className={clsx(inputClass, 'border-transparent pl-10')}
            />
          </div>
          {search.trim() !== '' ? (
            <Results
              search={search}
              onChoose={(chosen) => {
                setSearch('');
                onChange(chosen);
              }}
            />
          ) : null}
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
