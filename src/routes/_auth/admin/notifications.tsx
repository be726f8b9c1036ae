// /admin/notifications: every owner's notifications (paged on the server) and the send form.
import { createFileRoute } from '@tanstack/react-router';
import { AdminNotificationsPage } from '../../../features/admin/components/AdminNotificationsPage.tsx';

export const Route = createFileRoute('/_auth/admin/notifications')({
  component: AdminNotificationsPage,
});
