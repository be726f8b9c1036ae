// The admin notifications page's writes as commands with the toasts of docs/product.md §8; every admin read is refreshed
// after success (the list, and the dashboard's recent activity that shows the server's log entries).
import type { SendNotificationInput } from '../../../workers/api.ts';
import { t } from '../../i18n/admin-catalogue.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useInvalidateAdmin } from './queries.ts';

const copy = t.adminNotifications;

export function useSendNotification() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, input: SendNotificationInput) => {
      const sent = await data.admin.sendNotification(input);
      await invalidate();
      return sent;
    },
    { success: (sent) => ({ title: copy.sent, description: copy.sentTo(sent.count) }), failureTitle: copy.sendError },
  );
}

export function useMarkNotificationRead() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, id: string) => {
      await data.admin.markNotificationRead({ id });
      await invalidate();
    },
    { success: () => ({ title: copy.markedRead }), failureTitle: copy.markReadError },
  );
}

export function useDeleteNotification() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, id: string) => {
      await data.admin.deleteNotification({ id });
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.removed }), failureTitle: copy.removeError },
  );
}
