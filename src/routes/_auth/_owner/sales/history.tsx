// /sales/history: the sales list ('Histórico de vendas').
import { createFileRoute } from '@tanstack/react-router';
import { SalesHistoryPage } from '../../../../features/sales/components/SalesHistoryPage.tsx';

export const Route = createFileRoute('/_auth/_owner/sales/history')({
  component: SalesHistoryPage,
});
