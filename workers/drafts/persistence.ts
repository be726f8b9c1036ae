// Where a draft's Y.Doc is kept between reloads: IndexedDB through y-indexeddb in the browser's worker, or a
// memory store (Node tests, where IndexedDB is absent).
import * as Y from 'yjs';

export interface DraftStore {
  /** Resolves once what was stored before has been applied to the doc. */
  ready: Promise<void>;
  /**
   * Stops storing the doc and empties what is stored under its key, keeping the database itself: another tab's
   * worker may hold it open, and deleting it would hold up the next binding until that tab closes. The next doc
   * bound to the key starts from nothing.
   */
  empty(): Promise<void>;
  close(): Promise<void>;
}

/** Binds a doc to its stored copy under `key`. */
export type DraftPersistence = (key: string, doc: Y.Doc) => DraftStore;

/** y-indexeddb: each doc in its own IndexedDB database, loaded on open and saved on every change. */
export const indexedDbDraftPersistence: DraftPersistence = (key, doc) => {
  const provider = import('y-indexeddb').then(
    ({ IndexeddbPersistence }) => new IndexeddbPersistence(`caderneta-rascunho-${key}`, doc),
  );
  return {
    ready: provider.then((opened) => opened.whenSynced).then(() => undefined),
    empty: async () => {
      const opened = await provider;
      await opened.destroy();
      await emptyStoredUpdates(opened.name);
    },
    close: async () => {
      await (await provider).destroy();
    },
  };
};

/** y-indexeddb keeps a doc's updates in this object store of the doc's database. */
const UPDATES_STORE = 'updates';

/** Deletes every stored update of a y-indexeddb database in one transaction (the database stays). */
function emptyStoredUpdates(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onerror = () => {
      reject(request.error ?? new Error(`IndexedDB ${name}`));
    };
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains(UPDATES_STORE)) {
        database.close();
        resolve();
        return;
      }
      const transaction = database.transaction(UPDATES_STORE, 'readwrite');
      transaction.objectStore(UPDATES_STORE).clear();
      transaction.oncomplete = () => {
        database.close();
        resolve();
      };
      transaction.onerror = () => {
        database.close();
        reject(transaction.error ?? new Error(`IndexedDB ${name}`));
      };
    };
  });
}

/** A store in memory that outlives the docs bound to it (one store stands for one device's IndexedDB); `saved` is
 * what it holds per key, for a test to weigh. */
export function memoryDraftPersistence(saved = new Map<string, Uint8Array>()): DraftPersistence {
  return (key, doc) => {
    const stored = saved.get(key);
    if (stored) Y.applyUpdate(doc, stored);
    const save = () => {
      saved.set(key, Y.encodeStateAsUpdate(doc));
    };
    doc.on('update', save);
    // As y-indexeddb: what the doc held before it was bound is stored at once.
    if (doc.store.clients.size > 0) save();
    return {
      ready: Promise.resolve(),
      // The stored copy is gone and the doc is no longer saved (in memory, emptying is deleting).
      empty: () => {
        doc.off('update', save);
        saved.delete(key);
        return Promise.resolve();
      },
      close: () => {
        doc.off('update', save);
        return Promise.resolve();
      },
    };
  };
}
