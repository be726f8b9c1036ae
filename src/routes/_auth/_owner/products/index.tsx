// /products (optional ?estoque=baixo): the product list, filtered to low stock when asked.
import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '../../../../features/products/components/ProductListPage.tsx';
import { readProductListSearch } from '../../../../features/products/list-filter.ts';

export const Route = createFileRoute('/_auth/_owner/products/')({
  validateSearch: readProductListSearch,
  component: ProductsRoute,
});

function ProductsRoute() {
  const { estoque } = Route.useSearch();
  return <ProductListPage lowStock={estoque === 'baixo'} />;
}
