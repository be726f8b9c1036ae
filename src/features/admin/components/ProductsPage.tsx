// /admin/products, 'Gestão de Produtos' (spec 2 §2): the count, a search by name, brand, category or owner, the
// owner and category filters (inline on a desktop, in a dialog with 'Aplicar' on a phone), pages of 10 asked
// from the server with 'Página X de Y', each product's card, its details and its deletion.
import { useEffect, useState } from 'react';
import { Search, SlidersHorizontal } from 'lucide-react';
import type { AdminProductRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminProducts } from '../products-sales-queries.ts';
import { activeProductFilters, NO_PRODUCT_FILTERS, toProductsQuery, type ProductFilterValues } from '../products-sales-rules.ts';
import { LoadError } from './LoadError.tsx';
import { PageNav } from './PageNav.tsx';
import { ProductsCard } from './ProductsCard.tsx';
import { ProductsDetailsDialog } from './ProductsDetailsDialog.tsx';
import { ProductsFilters } from './ProductsFilters.tsx';
import { SkeletonBlock, SkeletonCards } from './Skeleton.tsx';

const copy = t.adminProductsSales.products;
/** Typing pauses this long before the server is asked (as on /admin/users). */
const SEARCH_DEBOUNCE_MS = 300;

export function ProductsPage() {
  usePageTitle(t.pages.adminProducts);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ProductFilterValues>(NO_PRODUCT_FILTERS);
  const [draft, setDraft] = useState<ProductFilterValues>(NO_PRODUCT_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<AdminProductRow | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);

  const products = useAdminProducts(toProductsQuery(filters, search, page));
  const applyFilters = (next: ProductFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const shown = products.data;
  const active = activeProductFilters(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="page-title" className="text-2xl font-bold text-brand-900">
          {t.pages.adminProducts}
        </h1>
        {shown ? (
          <p className="text-ink/70">{copy.total(shown.total)}</p>
        ) : products.isError ? null : (
          <SkeletonBlock className="h-5 w-24" />
        )}
      </div>

      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink/50" />
          <input
            type="search"
            aria-label={copy.searchLabel}
            placeholder={copy.searchPlaceholder}
            className={`${inputClass} border-ink/20 pl-10`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
        </div>
        <FormDialog
          open={filtersOpen}
          onOpenChange={(open) => {
            if (open) setDraft(filters);
            setFiltersOpen(open);
          }}
          trigger={
            <Button variant="secondary" className="shrink-0 md:hidden">
              <SlidersHorizontal aria-hidden size={18} />
              {active > 0 ? `${copy.filters} (${String(active)})` : copy.filters}
            </Button>
          }
          title={copy.filters}
          closeLabel={copy.close}
        >
          <ProductsFilters value={draft} onChange={setDraft} className="mt-4" />
          <Button
            className="mt-5 w-full"
            onClick={() => {
              applyFilters(draft);
              setFiltersOpen(false);
            }}
          >
            {copy.apply}
          </Button>
        </FormDialog>
      </div>
      <div className="hidden md:block">
        <ProductsFilters value={filters} onChange={applyFilters} className="md:grid-cols-2" />
      </div>

      {products.isPending ? (
        <SkeletonCards count={4} className="h-44" grid="flex flex-col gap-3" />
      ) : products.isError && !shown ? (
        <LoadError title={copy.loadError} error={products.error} onRetry={() => void products.refetch()} />
      ) : shown && shown.rows.length === 0 ? (
        <div role="status" className="rounded-2xl border border-dashed border-brand-100 bg-white p-8 text-center">
          <p className="font-semibold">{copy.empty}</p>
          {active > 0 ? (
            <Button
              variant="ghost"
              className="mt-3"
              onClick={() => {
                applyFilters(NO_PRODUCT_FILTERS);
              }}
            >
              {copy.clearFilters}
            </Button>
          ) : null}
        </div>
      ) : shown ? (
        <>
          <ul aria-busy={products.isFetching || undefined} className="flex flex-col gap-3">
            {shown.rows.map((product) => (
              <ProductsCard key={product.id} product={product} onDetails={setDetails} />
            ))}
          </ul>
          <PageNav page={shown.page} pages={shown.pages} busy={products.isFetching} onPage={setPage} />
        </>
      ) : null}
      <ProductsDetailsDialog
        product={details}
        onClose={() => {
          setDetails(null);
        }}
      />
    </section>
  );
}
