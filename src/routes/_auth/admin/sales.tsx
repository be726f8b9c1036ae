// /admin/sales: every owner's sales, paged on the server.
import { createFileRoute } from '@tanstack/react-router';
import { SalesPage } from '../../../features/admin/components/SalesPage.tsx';

export const Route = createFileRoute('/_auth/admin/sales')({
  component: SalesPage,
});
