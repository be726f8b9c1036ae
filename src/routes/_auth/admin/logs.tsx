// /admin/logs: the admin and security logs, paged on the server.
import { createFileRoute } from '@tanstack/react-router';
import { AdminLogsPage } from '../../../features/admin/components/AdminLogsPage.tsx';

export const Route = createFileRoute('/_auth/admin/logs')({
  component: AdminLogsPage,
});
