// /products/$id: a product's page.
import { createFileRoute } from '@tanstack/react-router';
import { ProductDetailPage } from '../../../../../features/products/components/ProductDetailPage.tsx';

export const Route = createFileRoute('/_auth/_owner/products/$id/')({
  component: ProductDetailRoute,
});

function ProductDetailRoute() {
  const { id } = Route.useParams();
  return <ProductDetailPage productId={id} />;
}
