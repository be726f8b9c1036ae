// /search: the header search's results across products and clients, from the device (works offline), with the
// states for no text, loading, failure and nothing found.
import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { SearchResults } from './SearchResults.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.search;
const RESULTS_SKELETON: SkeletonShape = { count: 3, className: 'h-12', label: copy.loading };

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
      <SearchX aria-hidden size={28} className="mt-0.5 shrink-0 text-brand-700" />
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </div>
  );
}

function Results({ query }: { query: string }) {
  const result = useLiveQuery('search', { text: query });
  return (
    <DataStates
      state={result}
      skeleton={RESULTS_SKELETON}
      failure={{ title: copy.loadError, message: null }}
      isEmpty={(found) => found.productTotal === 0 && found.clientTotal === 0}
      empty={
        <Notice title={copy.noResultsTitle}>
          <p className="mt-1 text-ink/80">{copy.noResults}</p>
        </Notice>
      }
    >
      {(found) => <SearchResults results={found} />}
    </DataStates>
  );
}

export function SearchPage({ query }: { query: string | undefined }) {
  usePageTitle(t.pages.search);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div>
        <PageHeader title={t.pages.search} />
        <p className="mt-1 break-words text-ink/80" data-testid="search-query">
          {query ? copy.query(query) : copy.noQuery}
        </p>
      </div>
      {query ? (
        <Results query={query} />
      ) : (
        <Notice title={copy.noQueryTitle}>
          <p className="mt-1 text-ink/80">{copy.scopes}</p>
        </Notice>
      )}
    </section>
  );
}
