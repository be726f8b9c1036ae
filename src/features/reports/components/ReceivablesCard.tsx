// Fiado a receber, as of today: the total, the four age bands (0–30, 31–60, 61–90, over 90 days; their amounts
// shrink with their tiles rather than being cut) and the clients who owe, oldest debt first, each linking to the
// client's page.
import { Link } from '@tanstack/react-router';
import { clsx } from 'clsx';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { ReportCard } from './ReportCard.tsx';

const copy = t.reports;

export function ReceivablesCard({ report }: { report: SalesReport }) {
  const { receivables } = report;
  return (
    <ReportCard id="receber-titulo" title={copy.receivables} help={copy.receivablesHelp}>
      <p className="flex items-baseline justify-between gap-3">
        <span className="text-ink/70">{copy.receivablesTotal}</span>
        <span className="text-xl font-bold tabular-nums text-ink" data-testid="receber-total">
          {formatBRL(receivables.total)}
        </span>
      </p>
      {/* Four bands side by side only where the card is wide enough for four amounts (not in half a desktop page). */}
      <div className="@container">
        <dl className="grid grid-cols-2 gap-2 @lg:grid-cols-4">
          {receivables.bands.map((band) => (
            <div
              key={band.band}
              className={clsx(
                '@container min-w-0 rounded-xl px-3 py-2',
                band.band === '90+' && band.total > 0 ? 'bg-red-50' : 'bg-brand-50',
              )}
            >
              <dt className="text-sm text-ink/70">{copy.bands[band.band]}</dt>
              <dd className="money-fit font-semibold tabular-nums text-ink" data-money>
                {formatBRL(band.total)}
              </dd>
              <dd className="text-xs text-ink/70">{copy.bandClients(band.clients)}</dd>
            </div>
          ))}
        </dl>
      </div>
      {receivables.clientCount === 0 ? (
        <p className="text-ink/70">{copy.receivablesEmpty}</p>
      ) : (
        <>
          <ul aria-label={copy.receivables} className="divide-y divide-ink/5">
            {receivables.clients.map((client) => (
              <li key={client.clienteId}>
                <Link
                  to="/clients/$id"
                  params={{ id: client.clienteId }}
                  className="flex min-h-11 items-center justify-between gap-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <span className="min-w-0">
                    <span className="line-clamp-2 font-medium text-ink [overflow-wrap:anywhere]">{client.nome}</span>
                    <span className="block text-sm text-ink/70">
                      {copy.bands[client.band]} · {copy.oldest(client.oldestDays)}
                    </span>
                  </span>
                  <span className="shrink-0 font-semibold tabular-nums text-red-700">{formatBRL(client.saldo)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {receivables.clientCount > receivables.clients.length ? (
            <p className="text-sm text-ink/70">{copy.moreClients(receivables.clients.length, receivables.clientCount)}</p>
          ) : null}
        </>
      )}
    </ReportCard>
  );
}
