// Where images wait for upload (and photos no product shows any more wait for removal) on this device: a plain
// IndexedDB object store in the browser's worker (blobs kept as they are), or memory for Node tests; one store
// stands for one device and outlives the queue over it.

export interface QueuedImage {
  /** Absent in entries kept before removals were queued too. */
  kind?: 'upload';
  /** `${userId}/${productId}`; productId is 'novo' for the image of the product being created. */
  id: string;
  userId: string;
  productId: string;
  blob: Blob;
  contentType: string;
  /** The object's path in the bucket, chosen once, so a retried upload replaces the same object. */
  path: string;
  /** When it was chosen (ms); the public URL's version. */
  createdAt: number;
}

/** A photo to remove from the bucket: its product was deleted, or it was replaced or removed while offline. */
export interface QueuedRemoval {
  kind: 'removal';
  /** `removal:${path}` */
  id: string;
  userId: string;
  path: string;
}

export type QueuedWork = QueuedImage | QueuedRemoval;

export const isRemoval = (entry: QueuedWork): entry is QueuedRemoval => entry.kind === 'removal';

export interface ImageQueueStore {
  all(): Promise<QueuedWork[]>;
  put(entry: QueuedWork): Promise<void>;
  delete(id: string): Promise<void>;
}

export function memoryImageStore(): ImageQueueStore {
  const saved = new Map<string, QueuedWork>();
  return {
    all: () => Promise.resolve([...saved.values()]),
    put: (entry) => {
      saved.set(entry.id, entry);
      return Promise.resolve();
    },
    delete: (id) => {
      saved.delete(id);
      return Promise.resolve();
    },
  };
}

const STORE = 'fila';

/** Runs one request in its own transaction; resolves once the transaction is committed. */
function run<T>(database: IDBDatabase, mode: IDBTransactionMode, open: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORE, mode);
    const req = open(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      resolve(req.result);
    };
    transaction.onerror = () => {
      reject(transaction.error ?? new Error('IndexedDB'));
    };
    transaction.onabort = () => {
      reject(transaction.error ?? new Error('IndexedDB'));
    };
  });
}

export function indexedDbImageStore(factory: IDBFactory, name = 'caderneta-imagens'): ImageQueueStore {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(name, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(STORE, { keyPath: 'id' });
      };
      req.onsuccess = () => {
        resolve(req.result);
      };
      req.onerror = () => {
        reject(req.error ?? new Error('IndexedDB'));
      };
    }));
  return {
    all: async () => run(await database(), 'readonly', (store) => store.getAll() as IDBRequest<QueuedWork[]>),
    put: async (entry) => {
      await run(await database(), 'readwrite', (store) => store.put(entry));
    },
    delete: async (id) => {
      await run(await database(), 'readwrite', (store) => store.delete(id));
    },
  };
}
