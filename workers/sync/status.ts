// The sync status the worker reports: facts only (connection, phase, what waits on this device, what the server
// refused, when everything was last in sync). The UI words them (src/features/sync/sync-text.ts).
import type { DownloadProgress } from './first-download.ts';
import type { RefusalReason } from './refusal.ts';
import type { RejectedDocument } from './replication.ts';

export type SyncPhase = 'idle' | 'syncing' | 'completed' | 'error' | 'offline';

export interface SyncStatus {
  readonly online: boolean;
  readonly phase: SyncPhase;
  /** Changes saved on this device that the server does not have yet (includes refused ones). */
  readonly pending: number;
  /** Documents the server refused, with why; they stay on the device and are offered again, or discarded. */
  readonly rejected: readonly RefusedChange[];
  /** ISO time of the last moment everything was in sync, if ever. */
  readonly lastSyncedAt: string | null;
  /** While this device receives the owner's data for the first time: how far it is; null once it holds it all. */
  readonly download: DownloadProgress | null;
  /**
   * The owner whose sync engine says all this; null while none has answered (the owner's workspace still opening,
   * or none open): then nothing is known of a download either.
   */
  readonly owner: string | null;
  /**
   * True while the server refuses a pull because this app reads an older version of a table's rows than the account
   * holds ('app_outdated'): the owner is asked to update the app; the other tables go on.
   */
  readonly outdated: boolean;
}

/** A document the server refused: where it is, what it is called (a product's name…), and why it was refused. */
export type RefusedChange = RejectedDocument & {
  readonly table: string;
  readonly label: string | null;
  readonly reason: RefusalReason;
  /** When the account is suspended or banned: the admin's reason, if he gave one. */
  readonly suspensionReason: string | null;
};

/** The status before any sync: offline until the connection says otherwise, nothing pending. */
export const INITIAL_STATUS: SyncStatus = {
  online: false,
  phase: 'idle',
  pending: 0,
  rejected: [],
  lastSyncedAt: null,
  download: null,
  owner: null,
  outdated: false,
};

export interface SignOutCheck {
  /** False while changes saved here have not reached the server and may still reach it (they would be lost). */
  readonly allowed: boolean;
  /** Changes that may still reach the server (refused ones not included). */
  readonly pending: number;
  /** Changes the server refused: they never block leaving, but leaving discards them (the owner is warned). */
  readonly refused: number;
}

/** From the status: what the server refused does not hold the owner here. */
export function signOutCheck(status: Pick<SyncStatus, 'pending' | 'rejected'>): SignOutCheck {
  const refused = status.rejected.length;
  const pending = Math.max(0, status.pending - refused);
  return { allowed: pending === 0, pending, refused };
}

/** What 'Sincronizar agora' found once the server answered: what it still refuses, and what still waits. */
export interface SyncOutcome {
  readonly refused: readonly RefusedChange[];
  readonly pending: number;
}
