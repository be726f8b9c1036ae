// The client's statement (Extrato): fiado purchases, debits and payments, newest first, with the balance after each;
// a debit or payment can be reversed ('Estornar'), and a reversed one stays, marked 'Estornado'; it ends with a line
// saying the entries before the days this device keeps are online only.
import { ArrowDownLeft, ArrowUpRight, ShoppingBasket } from 'lucide-react';
import { clsx } from 'clsx';
import type { StatementEntry } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { useLiveQuery, type LiveQueryState } from '../../../lib/live-query.ts';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { canReverse, statementLabel } from '../statement-label.ts';
import { ReverseEntryDialog } from './ReverseEntryDialog.tsx';

const copy = t.clients;
const ICONS = { venda: ShoppingBasket, debito: ArrowUpRight, pagamento: ArrowDownLeft } as const;

export function ClientStatement({ statement }: { statement: LiveQueryState<StatementEntry[]> }) {
  const keptFrom = useLiveQuery('factWindow', undefined).data ?? null;
  // Entries before the days this device keeps are online only: the statement says so rather than end as if complete.
  const beforeWindow =
    keptFrom === null ? null : (
      <p role="note" className="rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {copy.statementBeforeWindow(formatDate(keptFrom))}
      </p>
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
              {entries.map((entry) => {
                const Icon = ICONS[entry.kind];
                const payment = entry.kind === 'pagamento';
                return (
                  <li key={entry.id} className="flex items-center gap-3 px-4 py-3" data-testid="statement-entry">
                    <span
                      className={clsx(
                        'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl',
                        payment ? 'bg-brand-50 text-brand-700' : 'bg-red-50 text-red-700',
                      )}
                    >
                      <Icon aria-hidden size={20} />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-x-2 font-medium text-ink">
                        {statementLabel(entry)}
                        {entry.estornado ? (
                          <span className="rounded-full bg-ink/10 px-2 text-xs font-semibold uppercase tracking-wide text-ink/80">
                            {copy.reversedMark}
                          </span>
                        ) : null}
                      </span>
                      <span className="block break-words text-sm text-ink/70">
                        {formatDate(entry.data)}
                        {entry.descricao ? ` · ${entry.descricao}` : ''}
                      </span>
                      {canReverse(entry) ? <ReverseEntryDialog entry={entry} /> : null}
                    </span>
                    <span className="flex shrink-0 flex-col items-end">
                      <span
                        className={clsx(
                          'font-semibold tabular-nums',
                          payment ? 'text-brand-700' : 'text-red-700',
                          entry.estornado && 'line-through opacity-70',
                        )}
                      >
                        {payment ? '−' : '+'}
                        {formatBRL(entry.valor)}
                      </span>
                      <span className="text-sm tabular-nums text-ink/70">
                        {copy.balanceAfter} {formatBRL(entry.saldo)}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
            {beforeWindow}
          </>
        )}
      </DataStates>
    </section>
  );
}
