// The sync status the worker reports: facts only (connection, phase, what waits on this device, what the server
// refused, when everything was last in sync). The UI words them (src/features/sync/sync-text.ts).
import type { DownloadProgress } from './first-download.ts';
import type { RejectedDocument } from './replication.ts';

export type SyncPhase = 'idle' | 'syncing' | 'completed' | 'error' | 'offline';

export interface SyncStatus {
  readonly online: boolean;
  readonly phase: SyncPhase;
  /** Changes saved on this device that the server does not have yet (includes refused ones). */
  readonly pending: number;
  /** Documents the server refused; they stay on the device and are offered again. */
  readonly rejected: readonly (RejectedDocument & { table: string })[];
  /** ISO time of the last moment everything was in sync, if ever. */
  readonly lastSyncedAt: string | null;
  /** While this device receives the owner's data for the first time: how far it is; null once it holds it all. */
  readonly download: DownloadProgress | null;
}

/** The status before any sync: offline until the connection says otherwise, nothing pending. */
export const INITIAL_STATUS: SyncStatus = {
  online: false,
  phase: 'idle',
  pending: 0,
  rejected: [],
  lastSyncedAt: null,
  download: null,
};

export interface SignOutCheck {
  /** False while changes saved here have not reached the server (they would be lost). */
  readonly allowed: boolean;
  readonly pending: number;
}

export function signOutCheck(pending: number): SignOutCheck {
  return { allowed: pending === 0, pending };
}
