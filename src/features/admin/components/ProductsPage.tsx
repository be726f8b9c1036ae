// /admin/products, 'Gestão de Produtos' (docs/product.md §2): the count, a search by name, brand, category or owner, the
// owner and category filters (inline on a desktop, in a dialog with 'Aplicar' on a phone), pages of 10 asked
// from the server with 'Página X de Y', each product's card, its details and its deletion.
import { useState } from 'react';
import type { AdminProductRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminProducts } from '../products-sales-queries.ts';
import { activeProductFilters, NO_PRODUCT_FILTERS, toProductsQuery, type ProductFilterValues } from '../products-sales-rules.ts';
import { ListCount, ListSearchFilters, ListStates, useListSearch } from './AdminListLayout.tsx';
import { ProductsCard } from './ProductsCard.tsx';
import { ProductsDetailsDialog } from './ProductsDetailsDialog.tsx';
import { ProductsFilters } from './ProductsFilters.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.adminProductsSales.products;
export function ProductsPage() {
  usePageTitle(t.pages.adminProducts);
  const { typed, setTyped, search, filters, applyFilters, page, setPage } =
    useListSearch<ProductFilterValues>(NO_PRODUCT_FILTERS);
  const [details, setDetails] = useState<AdminProductRow | null>(null);

  const products = useAdminProducts(toProductsQuery(filters, search, page));
  const shown = products.data;
  const active = activeProductFilters(filters);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminProducts}>
        <ListCount text={shown ? copy.total(shown.total) : undefined} failed={products.isError} />
      </PageHeader>

      <ListSearchFilters
        copy={copy}
        typed={typed}
        onType={setTyped}
        value={filters}
        onApply={applyFilters}
        active={active}
        columns="md:grid-cols-2"
        fields={(value, onChange, className) => <ProductsFilters value={value} onChange={onChange} className={className} />}
      />

      <ListStates
        query={products}
        shown={shown}
        skeleton={{ count: 4, className: 'h-44' }}
        loadError={copy.loadError}
        empty={{
          text: copy.empty,
          extra:
            active > 0 ? (
              <Button
                variant="ghost"
                className="mt-3"
                onClick={() => {
                  applyFilters(NO_PRODUCT_FILTERS);
                }}
              >
                {copy.clearFilters}
              </Button>
            ) : null,
        }}
        onPage={setPage}
      >
        {(product) => <ProductsCard key={product.id} product={product} onDetails={setDetails} />}
      </ListStates>
      <ProductsDetailsDialog
        product={details}
        onClose={() => {
          setDetails(null);
        }}
      />
    </section>
  );
}
