// /admin/products: every owner's products, paged on the server.
import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../../features/admin/components/ProductsPage.tsx';

export const Route = createFileRoute('/_auth/admin/products')({
  component: ProductsPage,
});
