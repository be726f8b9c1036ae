// The entries of a client's statement before the days this device keeps, on demand: 'Ver lançamentos anteriores'
// has the worker read them online a page at a time, in the same rows, the running balance going on backwards;
// offline, 'Disponível apenas online' in place of the entries not read yet.
import { useState } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';
import { OnlinePageEnd } from '../../../ui/OnlinePageEnd.tsx';
import { StatementEntryRow } from './StatementEntryRow.tsx';

const copy = t.clients;

interface OlderPageProps {
  readonly clientId: string;
  readonly page: number;
  /** Only the last page shown offers the next one, or says it is out of reach. */
  readonly last: boolean;
  readonly onMore: () => void;
}

function OlderPage({ clientId, page, last, onMore }: OlderPageProps) {
  const result = useLiveQuery('olderStatement', { clientId, page });
  if (result.status === 'loading') return <SkeletonCards count={3} className="h-16" label={copy.olderEntries} />;
  if (result.status === 'error') return <LoadError title={copy.olderEntriesError} error={result.error} />;
  const { entries, reachable, hasMore } = result.data;
  return (
    <>
      {entries.length > 0 ? (
        <ul
          aria-label={copy.olderEntries}
          className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5"
        >
          {entries.map((entry) => (
            <StatementEntryRow key={entry.id} entry={entry} reversible={false} />
          ))}
        </ul>
      ) : null}
      <OnlinePageEnd
        last={last}
        reachable={reachable}
        hasMore={hasMore}
        firstEmpty={page === 1 && entries.length === 0}
        texts={{
          onlineOnly: copy.onlineOnly,
          offline: copy.olderEntriesOffline,
          more: copy.moreOlderEntries,
          none: copy.noOlderEntries,
        }}
        onMore={onMore}
      />
    </>
  );
}

export function OlderStatement({ clientId }: { clientId: string }) {
  const [pages, setPages] = useState(0);
  if (pages === 0)
    return (
      <Button
        variant="secondary"
        className="self-center"
        onClick={() => {
          setPages(1);
        }}
      >
        {copy.showOlderEntries}
      </Button>
    );
  return (
    <section aria-label={copy.olderEntries} className="flex flex-col gap-2">
      {Array.from({ length: pages }, (_, index) => (
        <OlderPage
          key={index}
          clientId={clientId}
          page={index + 1}
          last={index + 1 === pages}
          onMore={() => {
            setPages(index + 2);
          }}
        />
      ))}
    </section>
  );
}
