// /sales/weighted: 'Produtos Pesáveis'.
import { createFileRoute } from '@tanstack/react-router';
import { WeightedProductsPage } from '../../../../features/sales/components/WeightedProductsPage.tsx';

export const Route = createFileRoute('/_auth/_owner/sales/weighted')({
  component: WeightedProductsPage,
});
