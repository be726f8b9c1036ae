// /products/$id/edit: edit a product.
import { createFileRoute } from '@tanstack/react-router';
import { EditProductPage } from '../../../../../features/products/components/ProductFormPage.tsx';

export const Route = createFileRoute('/_auth/_owner/products/$id/edit')({
  component: EditProductRoute,
});

function EditProductRoute() {
  const { id } = Route.useParams();
  return <EditProductPage productId={id} />;
}
