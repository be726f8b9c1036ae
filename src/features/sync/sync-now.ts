// 'Sincronizar agora': asks the worker to send and fetch changes at once, then says how it went (docs/product.md §8 "Sync"):
// 'Sincronização concluída', or 'Erro ao sincronizar' with the reason (offline, or what the server refused).
import type { SyncOutcome } from '../../../workers/api.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { CommandOptions, FailureWording } from '../../lib/command.ts';
import { useCommand, type Command } from '../../lib/use-command.ts';
import { refusalSentence } from './sync-text.ts';

/** The server answered but still refuses some changes: a failure for the owner, with the first reason. */
export class RefusedBySync extends Error {
  constructor(readonly outcome: SyncOutcome) {
    super('refused changes');
  }
}

/** The part of the worker client this command needs. */
interface SyncClient {
  readonly sync: { syncNow(): Promise<SyncOutcome> };
}

export async function syncNowCommand(data: SyncClient): Promise<SyncOutcome> {
  const outcome = await data.sync.syncNow();
  if (outcome.refused.length > 0) throw new RefusedBySync(outcome);
  return outcome;
}

function syncFailure(thrown: unknown): FailureWording {
  if (thrown instanceof RefusedBySync) {
    const [first] = thrown.outcome.refused;
    const reason = first ? refusalSentence(first) : t.sync.error;
    return `${t.sync.refusedSummary(thrown.outcome.refused.length)} ${reason}`;
  }
  if (DataError.from(thrown).code === 'offline') return t.sync.offlineReason;
  return t.sync.error;
}

export const syncNowOptions: CommandOptions<SyncOutcome> = {
  success: () => ({ title: t.sync.completedTitle, description: t.sync.allSynced }),
  failureTitle: t.sync.errorTitle,
  describeFailure: syncFailure,
};

export function useSyncNow(): Command<[], SyncOutcome> {
  return useCommand(syncNowCommand, syncNowOptions);
}
