// The device's sync status for screens: how many changes saved here the server does not have yet.
import type { RefusedChange, SyncStatus } from '../../../workers/api.ts';
import { useLiveQuery } from '../../lib/live-query.ts';

export interface PendingChanges {
  /** Changes saved on this device and not yet on the server (refused ones included). */
  readonly pending: number;
  /** Of those, the ones the server refused. */
  readonly rejected: number;
  /** The refused ones themselves, with why. */
  readonly refused: readonly RefusedChange[];
  readonly phase: SyncStatus['phase'];
  /** False until the owner's sync engine has answered once (the workspace still opening says nothing). */
  readonly known: boolean;
  /** While this device receives the owner's data for the first time: how far it is. */
  readonly download: SyncStatus['download'];
  /** The server refuses some of the owner's data to this app, older than the data: 'Atualize o app'. */
  readonly outdated: boolean;
}

const NONE: readonly RefusedChange[] = [];

/** What the screens read of a status; the placeholder of a workspace still opening is not known yet. */
export function pendingChangesOf(data: SyncStatus | undefined): PendingChanges {
  if (!data || data.owner === null) return { pending: 0, rejected: 0, refused: NONE, phase: 'idle', known: false, download: null, outdated: false };
  return {
    pending: data.pending,
    rejected: data.rejected.length,
    refused: data.rejected,
    phase: data.phase,
    known: true,
    download: data.download,
    outdated: data.outdated,
  };
}

export function useSyncStatus(): PendingChanges {
  return pendingChangesOf(useLiveQuery('syncStatus', undefined).data);
}
