// The sync domain as the UI and the account domain see it: status, a manual sync, whether signing out is safe, and
// the first day of the window of facts the device keeps.
import { of, type Observable } from 'rxjs';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { INITIAL_STATUS, signOutCheck, type SignOutCheck, type SyncOutcome, type SyncStatus } from './status.ts';
import { windowStart } from './window.ts';

export type { RefusedChange, SignOutCheck, SyncOutcome, SyncStatus } from './status.ts';
export type { RefusalReason } from './refusal.ts';

export function createSyncDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async status(): Promise<SyncStatus> {
        return (await holder.current()).sync.status();
      },
      /** Sends and fetches at once; refuses offline, and says what the server still refuses. */
      async syncNow(): Promise<SyncOutcome> {
        return (await holder.current()).sync.syncNow();
      },
      /** Drops one refused change from this device (a new document goes; an edit returns to the server's version). */
      async discardRefused(change: { table: string; id: string }): Promise<void> {
        await (await holder.current()).sync.discardRefused(change.table, change.id);
      },
      /** Refuses while changes saved here may still reach the server, saying how many (refused ones never block). */
      async canSignOut(): Promise<SignOutCheck> {
        try {
          return (await holder.current()).sync.canSignOut();
        } catch {
          return signOutCheck(INITIAL_STATUS);
        }
      },
    },
    live: {
      syncStatus: (_params: undefined): Observable<SyncStatus> =>
        liveInWorkspace(holder, { value: INITIAL_STATUS }, (workspace) => workspace.sync.status$),
      /** The first day of the window of facts this device keeps (earlier ones are online only); null signed out. */
      factWindow: (_params: undefined): Observable<string | null> =>
        liveInWorkspace(holder, { value: null }, (workspace) => of(windowStart(workspace.clock.correctedNow()))),
    },
  };
}
