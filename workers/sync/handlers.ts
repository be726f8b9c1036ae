// The sync domain as the UI and the account domain see it: status, a manual sync, and whether signing out is safe.
import { of, switchMap, type Observable } from 'rxjs';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { describeStatus, signOutCheck, type SignOutCheck, type SyncStatus } from './status.ts';

const SIGNED_OUT: SyncStatus = describeStatus({ online: false, phase: 'idle', pending: 0, rejected: [], lastSyncedAt: null });

export function createSyncDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async status(): Promise<SyncStatus> {
        return (await holder.current()).sync.status();
      },
      async syncNow(): Promise<void> {
        await (await holder.current()).sync.syncNow();
      },
      /** Refuses (with the reason in Portuguese) while changes saved here have not reached the server. */
      async canSignOut(): Promise<SignOutCheck> {
        try {
          return (await holder.current()).sync.canSignOut();
        } catch {
          return signOutCheck(0);
        }
      },
    },
    live: {
      syncStatus: (_params: undefined): Observable<SyncStatus> =>
        holder.workspace$.pipe(switchMap((workspace) => (workspace ? workspace.sync.status$ : of(SIGNED_OUT)))),
    },
  };
}
