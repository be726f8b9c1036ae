// /admin/sales, 'Gestão de Vendas' (docs/product.md §2): the search's figures (sales, revenue, à vista and fiado counts),
// a search by user, market, client or payment method, the type buttons Todas / À Vista / Fiado with their counts,
// pages of 10 asked from the server with 'Página X de Y', and each sale's card.
import { clsx } from 'clsx';
import type { SaleType } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL } from '../../../lib/format.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminSales } from '../products-sales-queries.ts';
import { ListCount, ListSearchBox, ListStates, useListSearch } from './AdminListLayout.tsx';
import { SalesCard } from './SalesCard.tsx';
import { SkeletonBlock } from '../../../ui/DataStates.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.adminProductsSales.sales;
const TYPES: readonly { value: SaleType | null; key: 'todas' | SaleType }[] = [
  { value: null, key: 'todas' },
  { value: 'avista', key: 'avista' },
  { value: 'fiado', key: 'fiado' },
];

function Figure({ label, value }: { label: string; value: string | null }) {
  return (
    <section aria-label={label} className="rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <h2 className="text-sm font-medium text-ink/70">{label}</h2>
      {value === null ? (
        <SkeletonBlock className="mt-2 h-7 w-20" />
      ) : (
        <p className="mt-1 text-xl font-bold break-words text-brand-900 sm:text-2xl">{value}</p>
      )}
    </section>
  );
}

export function SalesPage() {
  usePageTitle(t.pages.adminSales);
  const { typed, setTyped, search, filters: tipo, applyFilters: setTipo, page, setPage } = useListSearch<SaleType | null>(null);

  const sales = useAdminSales({ search: search.trim(), tipo, page });
  const shown = sales.data;
  // After a failed read the figures say nothing instead of pulsing forever.
  const figure = (value: (page: NonNullable<typeof shown>) => string) =>
    shown ? value(shown) : sales.isError ? copy.none : null;
  const count = (value: number) => value.toLocaleString('pt-BR');

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminSales}>
        <ListCount text={shown ? copy.total(shown.total) : undefined} failed={sales.isError} />
      </PageHeader>

      <div role="group" aria-label={copy.statsLabel} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={copy.salesCount} value={figure((page) => count(page.counts.todas))} />
        <Figure label={copy.revenue} value={figure((page) => formatBRL(page.revenue))} />
        <Figure label={copy.cashCount} value={figure((page) => count(page.counts.avista))} />
        <Figure label={copy.fiadoCount} value={figure((page) => count(page.counts.fiado))} />
      </div>

      <ListSearchBox label={copy.searchLabel} placeholder={copy.searchPlaceholder} value={typed} onChange={setTyped} />

      <div role="group" aria-label={copy.typeFilter} className="flex flex-wrap gap-2">
        {TYPES.map((option) => {
          const pressed = tipo === option.value;
          const label = copy.types[option.key];
          return (
            <button
              key={option.key}
              type="button"
              aria-pressed={pressed}
              className={clsx(
                'min-h-11 rounded-full border px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-accent-400',
                pressed
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-brand-100 bg-white text-brand-700 hover:bg-brand-50',
              )}
              onClick={() => {
                setTipo(option.value);
              }}
            >
              {shown ? copy.withCount(label, shown.counts[option.key]) : label}
            </button>
          );
        })}
      </div>

      <ListStates
        query={sales}
        shown={shown}
        skeleton={{ count: 4, className: 'h-36' }}
        loadError={copy.loadError}
        empty={{ text: copy.empty }}
        onPage={setPage}
      >
        {(sale) => <SalesCard key={sale.id} sale={sale} />}
      </ListStates>
    </section>
  );
}
