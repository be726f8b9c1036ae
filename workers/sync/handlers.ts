// The sync domain as the UI and the account domain see it: status, a manual sync, whether signing out is safe, and
// the first day of the window of facts the device keeps.
import { map, of, switchMap, type Observable } from 'rxjs';
import type { WorkspaceHolder } from '../db/workspace.ts';
import { INITIAL_STATUS, signOutCheck, type SignOutCheck, type SyncStatus } from './status.ts';
import { windowStart } from './window.ts';

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
      /** The first day of the window of facts this device keeps (earlier ones are online only); null signed out. */
      factWindow: (_params: undefined): Observable<string | null> =>
        holder.workspace$.pipe(map((workspace) => (workspace ? windowStart(workspace.clock.correctedNow()) : null))),
    },
  };
}
