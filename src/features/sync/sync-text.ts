// The sync status in words: the worker reports facts (phase, pending, refused), the sentences come from here and
// the catalogue (docs/product.md §4 "Offline records and sync", §8 "Sync").
import type { RefusalReason, RefusedChange, SyncStatus } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';

const copy = t.sync;

/** How many changes wait on this device, as one sentence. */
export function pendingSentence(pending: number): string {
  return pending === 0 ? copy.nothingPending : copy.pending(pending);
}

/** The status's title and the sentence under it, by phase. */
export function describeSyncStatus(status: Pick<SyncStatus, 'phase' | 'pending'>): { title: string; message: string } {
  const pending = pendingSentence(status.pending);
  switch (status.phase) {
    case 'offline':
      return { title: copy.offlineTitle, message: `${pending} ${copy.sentWhenOnline}` };
    case 'syncing':
      return { title: copy.syncing, message: pending };
    case 'error':
      return { title: copy.errorTitle, message: copy.error };
    case 'completed':
      return { title: copy.completedTitle, message: status.pending === 0 ? copy.allSynced : pending };
    case 'idle':
      return { title: copy.waitingTitle, message: pending };
  }
}

/** The line under 'Dados deste aparelho' on 'Minha Conta'. */
export function deviceSyncSentence(pending: number): string {
  return pending > 0 ? copy.pending(pending) : copy.none;
}

/** What the offline banner adds about changes waiting to be sent; null when none wait. */
export function bannerPendingSentence(pending: number): string | null {
  return pending > 0 ? copy.bannerPending(pending) : null;
}

/** The toast when 'Sair' is refused because changes saved here would be lost. */
export function signOutRefusal(pending: number): { title: string; description: string } {
  return { title: copy.signOutBlockedTitle, description: copy.signOutBlocked(pending) };
}

/** Why the server refused a change, in the owner's words; a suspension says the admin's reason when he gave one. */
export function refusalSentence(change: Pick<RefusedChange, 'reason' | 'suspensionReason'>): string {
  if (change.reason === 'account_suspended' && change.suspensionReason !== null) {
    return t.auth.login.suspendedBecause(change.suspensionReason);
  }
  return copy.refusalReason[change.reason];
}

/** What a refused change is called: its own name, or what kind of record it is. */
export function refusedChangeName(change: Pick<RefusedChange, 'table' | 'label'>): string {
  return change.label ?? copy.refusedKind[change.table] ?? copy.refusedKind.other ?? '';
}

/** The action that resolves a refusal, besides discarding the change: the premium plan, or the support. */
export function refusalRemedy(reason: RefusalReason): 'upgrade' | 'support' | null {
  if (reason === 'product_cap' || reason === 'trial_expired') return 'upgrade';
  if (reason === 'account_suspended') return 'support';
  return null;
}

/** The sign-out warning when changes the server refused would be discarded by leaving. */
export function signOutRefusedWarning(refused: number): { title: string; description: string } {
  return { title: copy.signOutRefusedTitle, description: copy.signOutRefused(refused) };
}
