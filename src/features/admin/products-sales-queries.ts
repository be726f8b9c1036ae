// /admin/products and /admin/sales reads (react-query, the admin cache rules of queries.ts) and the product
// deletion as a command with the spec's toasts; every admin read is refreshed after it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OwnersQuery, ProductsQuery, SalesQuery } from '../../../workers/api.ts';
import { t } from '../../i18n/admin-catalogue.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useDataClient } from '../../lib/use-data-client.ts';
import { adminKeys, useInvalidateAdmin } from './queries.ts';

const copy = t.adminProductsSales.products;

export const productsSalesKeys = {
  products: (query: ProductsQuery) => [...adminKeys.all, 'products', query] as const,
  categories: [...adminKeys.all, 'product-categories'] as const,
  owners: (query: OwnersQuery) => [...adminKeys.all, 'product-owners', query] as const,
  sales: (query: SalesQuery) => [...adminKeys.all, 'sales', query] as const,
};

export function useAdminProducts(query: ProductsQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: productsSalesKeys.products(query),
    queryFn: () => data.admin.productsPage(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminProductCategories() {
  const data = useDataClient();
  return useQuery({ queryKey: productsSalesKeys.categories, queryFn: () => data.admin.productCategories() });
}

/** The user filter's choices while the admin types; asked only while the picker is open. */
export function useAdminProductOwners(query: OwnersQuery, enabled: boolean) {
  const data = useDataClient();
  return useQuery({
    queryKey: productsSalesKeys.owners(query),
    queryFn: () => data.admin.productOwners(query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminSales(query: SalesQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: productsSalesKeys.sales(query),
    queryFn: () => data.admin.salesPage(query),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, productId: string) => {
      await data.admin.deleteProduct({ productId });
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.removed }), failureTitle: copy.removeError },
  );
}
