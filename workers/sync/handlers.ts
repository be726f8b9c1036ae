// The sync domain as the UI and the account domain see it: status, a manual sync, and whether signing out is safe.
import { of, switchMap, type Observable } from 'rxjs';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { INITIAL_STATUS, signOutCheck, type SignOutCheck, type SyncStatus } from './status.ts';

export function createSyncDomain(holder: WorkspaceHolder) {
  return {
    handlers: {
      async status(): Promise<SyncStatus> {
        return (await holder.current()).sync.status();
      },
      async syncNow(): Promise<void> {
        await (await holder.current()).sync.syncNow();
      },
      /** Refuses while changes saved here have not reached the server, saying how many. */
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
        holder.workspace$.pipe(switchMap((workspace) => (workspace ? workspace.sync.status$ : of(INITIAL_STATUS)))),
    },
  };
}
