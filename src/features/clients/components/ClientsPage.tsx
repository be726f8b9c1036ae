// The client list (Clientes): name search (400 ms), numbered pages of 10, each client with phone and balance.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Plus } from 'lucide-react';
import { clsx } from 'clsx';
import type { ClientSummary } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, maskPhone } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { SearchField } from '../../../ui/form/SearchField.tsx';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Pagination } from './Pagination.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.clients;
/** Where the rows of a page of clients will be, until the first answer. */
const CLIENT_ROWS_SKELETON = { count: 5, className: 'h-16' };

function ClientRow({ client }: { client: ClientSummary }) {
  return (
    <li>
      <Link
        to="/clients/$id"
        params={{ id: client.id }}
        className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-ink">{client.nome}</span>
          <span className="block text-sm text-ink/70">{client.telefone ? maskPhone(client.telefone) : '—'}</span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <span className={clsx('font-semibold tabular-nums', client.fiado ? 'text-red-700' : 'text-ink/70')}>
            {client.fiado ? formatBRL(client.saldo) : copy.noDebt}
          </span>
          {client.fiado ? (
            <span className="rounded-full bg-accent-400/30 px-2 py-0.5 text-xs font-semibold text-ink">{copy.fiadoBadge}</span>
          ) : null}
        </span>
        <ChevronRight aria-hidden size={20} className="shrink-0 text-ink/40" />
      </Link>
    </li>
  );
}

export function ClientsPage({ search, page }: { search: string; page: number }) {
  usePageTitle(t.pages.clients);
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.trim() !== search.trim()) {
      void navigate({ to: '/clients', search: { q: settled.trim() || undefined, page: undefined }, replace: true });
    }
  }, [settled, search, navigate]);
  const result = useLiveQuery('clientsPage', { search, page });
  const goTo = (next: number) => {
    void navigate({ to: '/clients', search: { q: search || undefined, page: next > 1 ? next : undefined } });
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <PageHeader title={copy.title}>
        <Link to="/clients/new" className={buttonClass('primary', 'px-4')}>
          <Plus aria-hidden size={20} />
          {copy.newClient}
        </Link>
      </PageHeader>
      <SearchField label={copy.searchLabel} placeholder={copy.searchPlaceholder} value={text} onChange={setText} />
      <DataStates
        state={result}
        skeleton={CLIENT_ROWS_SKELETON}
        failure={{ title: copy.errorTitle, message: copy.loadError }}
        isEmpty={(found) => found.total === 0}
        empty={<EmptyNotice title={copy.empty} hint={search === '' ? copy.emptyHint : undefined} />}
      >
        {(found) => (
          <>
            <p className="text-sm text-ink/70" aria-live="polite">
              {copy.count(found.total)}
            </p>
            <ul
              aria-label={copy.title}
              className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5"
            >
              {found.items.map((client) => (
                <ClientRow key={client.id} client={client} />
              ))}
            </ul>
            <Pagination page={found.page} pageCount={found.pageCount} onPage={goTo} />
          </>
        )}
      </DataStates>
    </section>
  );
}
