// The sales list: period (Hoje, 7 dias, 30 dias, Personalizado) and type (Todas, À Vista, Fiado, with counts)
// filters, the filtered total, newest first in pages of 10; a row opens the sale's details; a period reaching
// before the days this device keeps goes on, after its last page, with the older sales read online. Embeddable.
import { useState } from 'react';
import { clsx } from 'clsx';
import type { SalesPeriod, SalesTypeFilter } from '../../../../workers/api.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { OlderSales } from './OlderSales.tsx';
import { SaleDetailsDialog } from './SaleDetailsDialog.tsx';
import { SalesListPagination } from './SalesListPagination.tsx';
import { SalesListRow } from './SalesListRow.tsx';

const copy = salesHistoryText;
/** Where the rows of a page of sales will be, until the first answer. */
const SALE_ROWS_SKELETON = { count: 5, className: 'h-16' };
const PERIODS: readonly SalesPeriod[] = ['hoje', '7dias', '30dias', 'personalizado'];
const TYPES: readonly SalesTypeFilter[] = ['todas', 'avista', 'fiado'];

export interface SalesListProps {
  /** The period shown first ('7dias' by default). */
  readonly initialPeriod?: SalesPeriod;
  /** Sales per page (10 by default). */
  readonly pageSize?: number;
}

const chip = (active: boolean) =>
  clsx(
    'min-h-11 rounded-full px-4 text-sm font-semibold transition-colors',
    active ? 'bg-brand-600 text-white' : 'bg-white text-brand-700 ring-1 ring-brand-600/30 hover:bg-brand-50',
  );

export function SalesList({ initialPeriod = '7dias', pageSize }: SalesListProps) {
  const [periodo, setPeriodo] = useState<SalesPeriod>(initialPeriod);
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  const [tipo, setTipo] = useState<SalesTypeFilter>('todas');
  const [page, setPage] = useState(1);
  const [openSale, setOpenSale] = useState<string | null>(null);
  const result = useLiveQuery('salesList', {
    periodo,
    tipo,
    page,
    ...(pageSize ? { pageSize } : {}),
    ...(periodo === 'personalizado' ? { de: de || undefined, ate: ate || undefined } : {}),
  });
  const data = result.data;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-ink">{copy.periodLabel}</legend>
        <div className="flex flex-wrap gap-2">
          {PERIODS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={periodo === value}
              className={chip(periodo === value)}
              onClick={() => {
                setPeriodo(value);
                setPage(1);
              }}
            >
              {copy.periods[value]}
            </button>
          ))}
        </div>
        {periodo === 'personalizado' ? (
          <div className="grid grid-cols-2 gap-2 sm:max-w-md">
            <label className="text-sm font-medium text-ink">
              {copy.from}
              <input
                type="date"
                value={de}
                max={ate || undefined}
                onChange={(event) => {
                  setDe(event.target.value);
                  setPage(1);
                }}
                className={clsx(inputClass, 'mt-1 border-ink/20 px-2')}
              />
            </label>
            <label className="text-sm font-medium text-ink">
              {copy.to}
              <input
                type="date"
                value={ate}
                min={de || undefined}
                onChange={(event) => {
                  setAte(event.target.value);
                  setPage(1);
                }}
                className={clsx(inputClass, 'mt-1 border-ink/20 px-2')}
              />
            </label>
          </div>
        ) : null}
      </fieldset>
      <div role="group" aria-label={copy.typeLabel} className="flex flex-wrap gap-2">
        {TYPES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={tipo === value}
            className={chip(tipo === value)}
            onClick={() => {
              setTipo(value);
              setPage(1);
            }}
          >
            {copy.types[value]}
            {data ? <span className="ml-1 tabular-nums">({data.counts[value]})</span> : null}
          </button>
        ))}
      </div>
      <DataStates
        state={result}
        skeleton={SALE_ROWS_SKELETON}
        failure={{ title: copy.loadError, message: null }}
        // A period reaching before the days this device keeps is never said to have no sales.
        isEmpty={(found) => found.total === 0 && found.keptFrom === null}
        empty={<EmptyNotice title={copy.empty} hint={copy.emptyHint} />}
      >
        {(found) => (
          <>
            {/* No sale the device keeps: the spec's empty text, with the window's line below. */}
            {found.total === 0 ? <EmptyNotice title={copy.empty} /> : null}
            <div
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-2xl bg-brand-50 px-4 py-3"
              aria-live="polite"
            >
              <span className="text-sm text-ink/80">{copy.count(found.total)}</span>
              <span className="font-semibold text-brand-900">
                {copy.totalLabel}: <span className="tabular-nums">{formatBRL(found.valor)}</span>
              </span>
            </div>
            <ul
              aria-label={copy.title}
              className="divide-y divide-ink/5 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink/5"
            >
              {found.items.map((sale) => (
                <SalesListRow
                  key={sale.id}
                  sale={sale}
                  onOpen={() => {
                    setOpenSale(sale.id);
                  }}
                />
              ))}
            </ul>
            <SalesListPagination page={found.page} pageCount={found.pageCount} onPage={setPage} />
            {found.keptFrom !== null && found.page === found.pageCount ? (
              <OlderSales
                key={JSON.stringify([periodo, de, ate, tipo, found.keptFrom])}
                periodo={periodo}
                de={de || undefined}
                ate={ate || undefined}
                tipo={tipo}
                keptFrom={found.keptFrom}
                onOpen={setOpenSale}
              />
            ) : null}
          </>
        )}
      </DataStates>
      <SaleDetailsDialog
        saleId={openSale}
        onClose={() => {
          setOpenSale(null);
        }}
      />
    </div>
  );
}
