// /sales/: 'Nova Venda'.
import { createFileRoute } from '@tanstack/react-router';
import { NewSalePage } from '../../../../features/sales/components/NewSalePage.tsx';

export const Route = createFileRoute('/_auth/_owner/sales/')({
  component: NewSalePage,
});
