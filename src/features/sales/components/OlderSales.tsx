// The sales before the days this device keeps, after the list's last page: read online by the worker a page at
// a time ('Ver mais vendas anteriores' adds the next page below), in the same rows; offline, 'Disponível apenas
// online' in place of the rows not read yet.
import { useState } from 'react';
import type { SalesPeriod, SalesTypeFilter } from '../../../../workers/api.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';
import { OnlinePageEnd } from '../../../ui/OnlinePageEnd.tsx';
import { SalesListRow } from './SalesListRow.tsx';

const copy = salesHistoryText;

export interface OlderSalesProps {
  readonly periodo: SalesPeriod;
  readonly de?: string;
  readonly ate?: string;
  readonly tipo: SalesTypeFilter;
  /** The window's first day (yyyy-MM-dd): the sales shown are before it. */
  readonly keptFrom: string;
  readonly onOpen: (saleId: string) => void;
}

interface OlderPageProps extends Omit<OlderSalesProps, 'keptFrom'> {
  readonly page: number;
  readonly title: string;
  readonly day: string;
  /** Only the last page shown offers the next one, or says it is out of reach. */
  readonly last: boolean;
  readonly onMore: () => void;
}

function OlderPage({ periodo, de, ate, tipo, page, title, day, last, onOpen, onMore }: OlderPageProps) {
  const result = useLiveQuery('olderSales', { periodo, tipo, page, ...(periodo === 'personalizado' ? { de, ate } : {}) });
  if (result.status === 'loading') return <SkeletonCards count={3} className="h-16" label={title} />;
  if (result.status === 'error') return <LoadError title={copy.olderError} error={result.error} />;
  const { items, reachable, hasMore } = result.data;
  return (
    <>
      {items.length > 0 ? (
        <ul aria-label={title} className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5">
          {items.map((sale) => (
            <SalesListRow
              key={sale.id}
              sale={sale}
              onOpen={() => {
                onOpen(sale.id);
              }}
            />
          ))}
        </ul>
      ) : null}
      <OnlinePageEnd
        last={last}
        reachable={reachable}
        hasMore={hasMore}
        firstEmpty={page === 1 && items.length === 0}
        texts={{ onlineOnly: copy.onlineOnly, offline: copy.olderOffline, more: copy.olderMore, none: copy.olderNone(day) }}
        onMore={onMore}
      />
    </>
  );
}

export function OlderSales({ keptFrom, ...query }: OlderSalesProps) {
  const [pages, setPages] = useState(1);
  const day = formatDate(keptFrom);
  const title = copy.olderTitle(day);
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-base font-semibold text-brand-900">{title}</h2>
      {Array.from({ length: pages }, (_, index) => (
        <OlderPage
          key={index}
          {...query}
          page={index + 1}
          title={title}
          day={day}
          last={index + 1 === pages}
          onMore={() => {
            setPages(index + 2);
          }}
        />
      ))}
    </section>
  );
}
