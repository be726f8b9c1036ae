// /products/new: a new product.
import { createFileRoute } from '@tanstack/react-router';
import { NewProductPage } from '../../../../features/products/components/ProductFormPage.tsx';

export const Route = createFileRoute('/_auth/_owner/products/new')({
  component: NewProductPage,
});
