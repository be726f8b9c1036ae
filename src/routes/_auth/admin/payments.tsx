// /admin/payments: the admin's payments list with its cards, filters and CSV export.
import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../../features/admin/components/PaymentsPage.tsx';

export const Route = createFileRoute('/_auth/admin/payments')({
  component: PaymentsPage,
});
