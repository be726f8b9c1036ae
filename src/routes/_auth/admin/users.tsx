// /admin/users: the admin's user list, paged on the server.
import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersPage } from '../../../features/admin/components/AdminUsersPage.tsx';

export const Route = createFileRoute('/_auth/admin/users')({
  component: AdminUsersPage,
});
