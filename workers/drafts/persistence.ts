// Where a draft's Y.Doc is kept between reloads: IndexedDB through y-indexeddb in the browser's worker, or a
// memory store (Node tests, where IndexedDB is absent).
import * as Y from 'yjs';

export interface DraftStore {
  /** Resolves once what was stored before has been applied to the doc. */
  ready: Promise<void>;
  /** Forgets everything stored for the doc and stops storing it (y-indexeddb's clearData destroys the binding). */
  clear(): Promise<void>;
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
    clear: async () => {
      await (await provider).clearData();
    },
    close: async () => {
      await (await provider).destroy();
    },
  };
};

/** A store in memory that outlives the docs bound to it (one store stands for one device's IndexedDB). */
export function memoryDraftPersistence(): DraftPersistence {
  const saved = new Map<string, Uint8Array>();
  return (key, doc) => {
    const stored = saved.get(key);
    if (stored) Y.applyUpdate(doc, stored);
    const save = () => {
      saved.set(key, Y.encodeStateAsUpdate(doc));
    };
    doc.on('update', save);
    return {
      ready: Promise.resolve(),
      // As y-indexeddb: the stored copy is deleted and the doc is no longer saved.
      clear: () => {
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
