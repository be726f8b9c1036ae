// The client's statement (Extrato): fiado purchases, debits and payments, newest first, with the balance after each;
// a debit or payment can be reversed ('Estornar'), and a reversed one stays, marked 'Estornado'; it ends with a line
// saying the entries before the days this device keeps are online, and 'Ver lançamentos anteriores' to read them.
import type { StatementEntry } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuery, type LiveQueryState } from '../../../lib/live-query.ts';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { OlderStatement } from './OlderStatement.tsx';
import { StatementEntryRow } from './StatementEntryRow.tsx';

const copy = t.clients;

export function ClientStatement({ clientId, statement }: { clientId: string; statement: LiveQueryState<StatementEntry[]> }) {
  const keptFrom = useLiveQuery('factWindow', undefined).data ?? null;
  // Entries before the days this device keeps are online: the statement says so rather than end as if complete,
  // and reads them from the server on demand.
  const beforeWindow =
    keptFrom === null ? null : (
      <>
        <p role="note" className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {copy.statementBeforeWindow(formatDate(keptFrom))}
        </p>
        <OlderStatement clientId={clientId} />
      </>
    );
  return (
    <section aria-labelledby="extrato" className="flex flex-col gap-2">
      <h2 id="extrato" className="text-lg font-semibold text-brand-900">
        {copy.statement}
      </h2>
      <DataStates
        state={statement}
        skeleton={{ count: 3, className: 'h-16' }}
        failure={{ title: copy.errorTitle, message: copy.detailLoadError }}
        isEmpty={(entries) => entries.length === 0}
        // The spec's empty text stays; a device keeping a window says where it starts below it.
        empty={
          <>
            <EmptyNotice title={copy.statementEmpty} />
            {beforeWindow}
          </>
        }
      >
        {(entries) => (
          <>
            <ul
              aria-label={copy.statement}
              className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5"
            >
              {entries.map((entry) => (
                <StatementEntryRow key={entry.id} entry={entry} reversible />
              ))}
            </ul>
            {beforeWindow}
          </>
        )}
      </DataStates>
    </section>
  );
}
