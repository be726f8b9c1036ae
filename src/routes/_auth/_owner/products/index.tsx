// /products: the product list.
import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '../../../../features/products/components/ProductListPage.tsx';

export const Route = createFileRoute('/_auth/_owner/products/')({
  component: ProductListPage,
});
