// 'Sincronizar agora': asks the worker to send and fetch changes at once; the live status shows the outcome.
import { t } from '../../i18n/pt-BR.ts';
import type { CommandOptions } from '../../lib/command.ts';
import { useCommand, type Command } from '../../lib/use-command.ts';

/** Whatever went wrong, the spec's one sentence (spec 1 §8 "Sync"). */
export const syncNowOptions: CommandOptions<void> = { failureTitle: t.sync.errorTitle, describeFailure: () => t.sync.error };

export function useSyncNow(): Command<[], void> {
  return useCommand((data) => data.sync.syncNow(), syncNowOptions);
}
