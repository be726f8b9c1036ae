// The sync status as the replicating tab sees it, shared with the browser's other tabs through a local
// document of their common database: only the elected leader replicates and counts what is pending, so the
// other tabs show (and refuse 'Sair' by) the leader's numbers, with their own connection state. Their
// 'Sincronizar agora' reaches the leader the same way.
import { auditTime, distinctUntilChanged, filter, from, map, Observable, skip, startWith, type Subscription } from 'rxjs';
import type { LocalDatabase } from '../db/local-database.ts';
import { valuesEqual } from './merge.ts';
import type { SyncStatus } from './status.ts';

const KEY = 'sync-status';
const REQUEST_KEY = 'sync-request';

/**
 * What the leader publishes: everything but the connection, which each tab knows for itself (`outdated` is absent
 * from what a tab of an older app published).
 */
export type SharedStatus = Pick<SyncStatus, 'phase' | 'pending' | 'rejected' | 'lastSyncedAt' | 'download'> &
  Partial<Pick<SyncStatus, 'outdated'>>;

/** True while this tab holds the leadership (always, for a database that is not shared between tabs). */
export function leadershipOf(database: LocalDatabase): Observable<boolean> {
  if (database.isLeader()) return from([true]);
  return from(database.waitForLeadership()).pipe(
    map(() => true),
    startWith(false),
  );
}

/** Writes the leader's status for the other tabs (coalesced: at most one write per 100 ms). */
export function publishStatus(database: LocalDatabase, status$: Observable<SyncStatus>): Subscription {
  let writing: Promise<unknown> = Promise.resolve();
  return status$
    .pipe(
      map(({ phase, pending, rejected, lastSyncedAt, download, outdated }): SharedStatus => ({
        phase,
        pending,
        rejected: [...rejected],
        lastSyncedAt,
        download,
        outdated,
      })),
      distinctUntilChanged((before: SharedStatus, after: SharedStatus) => valuesEqual(before, after)),
      auditTime(100),
    )
    .subscribe((shared) => {
      writing = writing.then(() => database.upsertLocal<SharedStatus>(KEY, shared)).catch(() => undefined);
    });
}

/** The leader's last published status, following its changes; null before any leader published one. */
export function followSharedStatus(database: LocalDatabase): Observable<SharedStatus | null> {
  return database.getLocal$<SharedStatus>(KEY).pipe(map((doc) => (doc ? (doc.toJSON().data as SharedStatus) : null)));
}

/** Asks the leader tab to sync now (from a tab that does not replicate). */
export async function requestSync(database: LocalDatabase): Promise<void> {
  await database.upsertLocal<{ id: string }>(REQUEST_KEY, { id: crypto.randomUUID() });
}

/** Each request made by another tab from now on (the leader listens). */
export function syncRequests(database: LocalDatabase): Observable<string> {
  return database.getLocal$<{ id: string }>(REQUEST_KEY).pipe(
    map((doc) => (doc ? doc.toJSON().data.id : null)),
    skip(1),
    filter((id): id is string => id !== null),
    distinctUntilChanged(),
  );
}
