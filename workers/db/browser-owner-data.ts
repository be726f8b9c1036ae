// The owner's data in a browser tab's worker: RxDB on IndexedDB (Dexie), shared by the tabs of this browser,
// which elect one leader to replicate; persistent storage asked for once the owner is signed in.
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { OwnerDataOptions } from '../api.ts';

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
    storage: getRxStorageDexie(),
    multiInstance: true,
    serverUrl,
    // Names this tab's writes in hybrid-logical-clock stamps; unique is all it must be.
    deviceId: crypto.randomUUID().slice(0, 8),
    requestPersistence: () => requestPersistence(scope.navigator.storage as PersistableStorage | undefined),
  };
}
