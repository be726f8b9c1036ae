// Guard and layout of the /admin area: the admin role from the token's app_metadata, online only, and 'Sair'.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminLayout } from '../../../features/admin/components/AdminLayout.tsx';

export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (!context.account.user.isAdmin) throw redirect({ to: '/dashboard', replace: true });
  },
  component: AdminLayout,
});
