// The bell's commands: mark one or all as read, delete one; with the spec's toasts (docs/product.md §8 "Notifications").
import { t } from '../../i18n/pt-BR.ts';
import type { CommandOptions } from '../../lib/command.ts';
import { useCommand, type Command } from '../../lib/use-command.ts';

const copy = t.layout.notificationsPanel;

/** Marking one or all as read: a failure is one sentence, shown as the toast's title. */
export const markReadOptions: CommandOptions<void> = { describeFailure: () => ({ title: copy.markError }) };

export const removeOptions: CommandOptions<void> = {
  success: () => ({ title: copy.removed }),
  describeFailure: () => ({ title: copy.removeErrorTitle, description: copy.removeError }),
};

export function useMarkRead(): Command<[string], void> {
  return useCommand((data, id: string) => data.notifications.markRead(id), markReadOptions);
}

export function useMarkAllRead(): Command<[], void> {
  return useCommand((data) => data.notifications.markAllRead(), markReadOptions);
}

export function useRemoveNotification(): Command<[string], void> {
  return useCommand((data, id: string) => data.notifications.remove(id), removeOptions);
}
