// /admin: the back-office dashboard.
import { createFileRoute } from '@tanstack/react-router';
import { AdminDashboardPage } from '../../../features/admin/components/AdminDashboardPage.tsx';

export const Route = createFileRoute('/_auth/admin/')({
  component: AdminDashboardPage,
});
