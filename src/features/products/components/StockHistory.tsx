// The product's stock history: counts, entries and sales, newest first, with the stock each one left; it ends with a
// line saying the movements before the days this device keeps are online only.
import { t } from '../../../i18n/pt-BR.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { formatStock } from '../quantity.ts';

const copy = t.products;
const sign = { entrada: '+', venda: '−', ajuste: '=' } as const;
const tone = { entrada: 'text-green-700', venda: 'text-red-700', ajuste: 'text-brand-700' } as const;
const HISTORY_SKELETON: SkeletonShape = { count: 3, className: 'h-12', grid: 'mt-2 flex flex-col gap-2' };

export function StockHistory({ productId, unit }: { productId: string; unit: string }) {
  const history = useLiveQuery('productStockHistory', { productId });
  const keptFrom = useLiveQuery('factWindow', undefined).data ?? null;
  return (
    <section aria-labelledby="stock-history" className="rounded-2xl border border-ink/10 bg-white p-4">
      <h2 id="stock-history" className="text-lg font-bold text-brand-900">
        {copy.historyTitle}
      </h2>
      <DataStates
        state={history}
        skeleton={HISTORY_SKELETON}
        failure={{ title: copy.detailError, message: null }}
      >
        {(entries) => (
          <>
            {entries.length === 0 ? (
              <p className="mt-2 text-ink/70">{copy.historyEmpty}</p>
            ) : (
              <ol className="mt-2 divide-y divide-ink/10" data-testid="stock-history">
                {entries.map((entry) => (
                  <li key={`${entry.kind}-${entry.id}`} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="font-semibold">{copy.historyKinds[entry.kind]}</p>
                      <p className="text-sm text-ink/60">{formatDateTime(entry.at)}</p>
                      {entry.observacao ? <p className="break-words text-sm text-ink/70">{entry.observacao}</p> : null}
                    </div>
                    <div className="shrink-0 text-right">
                      <p className={`font-bold ${tone[entry.kind]}`}>
                        {sign[entry.kind]} {formatStock(entry.quantidade, unit)}
                      </p>
                      <p className="text-sm text-ink/60">{copy.historyAfter(formatStock(entry.estoque, unit))}</p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
            {keptFrom === null ? null : (
              <p role="note" className="mt-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {copy.historyBeforeWindow(formatDate(keptFrom))}
              </p>
            )}
          </>
        )}
      </DataStates>
    </section>
  );
}
