// The admin notifications page's reads through react-query (the admin read policy of queries.ts): one page of
// every owner's notifications, the send form's user picker (10 users matching a search, never all of them), and how
// many users a send to all reaches.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { NotificationsQuery } from '../../../workers/api.ts';
import { useDataClient } from '../../lib/use-data-client.ts';

export const notificationKeys = {
  page: (query: NotificationsQuery) => ['admin', 'notifications', query] as const,
  picker: (search: string) => ['admin', 'notification-picker', search] as const,
  recipients: ['admin', 'notification-recipients'] as const,
};

/** How many users a send to all reaches, asked of the server while the confirmation is open. */
export function useNotificationRecipients(enabled: boolean) {
  const data = useDataClient();
  return useQuery({ queryKey: notificationKeys.recipients, queryFn: () => data.admin.notificationRecipients(), enabled });
}

export function useAdminNotifications(query: NotificationsQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: notificationKeys.page(query),
    queryFn: () => data.admin.notificationsPage(query),
    placeholderData: keepPreviousData,
  });
}

/** The first page of users matching `search` (name, email or market), asked of the server while `enabled`. */
export function useUserPicker(search: string, enabled: boolean) {
  const data = useDataClient();
  return useQuery({
    queryKey: notificationKeys.picker(search),
    queryFn: () => data.admin.usersPage({ search }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
