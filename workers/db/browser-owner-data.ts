// The owner's data in a browser tab's worker: RxDB on IndexedDB (Dexie), shared by the tabs of this browser,
// which elect one leader to replicate; persistent storage asked for once the owner is signed in.
import type { RxStorage } from 'rxdb';
import { RXDB_VERSION } from 'rxdb/plugins/utils';
import type { OwnerDataOptions } from '../api.ts';

/** Dexie's storage, whose code loads when the first collection opens (after sign-in), not with the worker; its
 * queries read whole index ranges at once (range-reads.ts). */
function lazyDexieStorage(): RxStorage<unknown, unknown> {
  let dexie: Promise<RxStorage<unknown, unknown>> | undefined;
  return {
    name: 'dexie',
    rxdbVersion: RXDB_VERSION,
    async createStorageInstance(params) {
      dexie ??= Promise.all([import('rxdb/plugins/storage-dexie'), import('./range-reads.ts')]).then(
        ([{ getRxStorageDexie }, { withRangeReads }]) => withRangeReads(getRxStorageDexie()),
      );
      return (await dexie).createStorageInstance(params);
    },
  };
}

interface PersistableStorage {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

/** Asks the browser not to evict this origin's data; where a worker cannot ask, the page's answer stands. */
async function requestPersistence(storage: PersistableStorage | undefined): Promise<boolean> {
  if (!storage?.persisted || !storage.persist) return false;
  if (await storage.persisted()) return true;
  return storage.persist();
}

export function browserOwnerData(serverUrl: string, scope: { navigator: { storage?: unknown } }): OwnerDataOptions {
  return {
    storage: lazyDexieStorage(),
    multiInstance: true,
    serverUrl,
    // Names this tab's writes in hybrid-logical-clock stamps; unique is all it must be.
    deviceId: crypto.randomUUID().slice(0, 8),
    requestPersistence: () => requestPersistence(scope.navigator.storage as PersistableStorage | undefined),
  };
}
