// What was pending when the device last counted, kept in a local document so that the count of changes waiting
// here is known from the moment the database opens (the replication's own bookkeeping comes later, once this tab
// leads and its replications start); the tracker then recounts and corrects it. With it, where each collection's
// start-up check ended: the next start checks only what changed after it (pending.ts).
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'sync-pending';

interface Stored {
  /** Ids of pending documents per collection. */
  ids: Record<string, string[]>;
  /** Per collection, the storage checkpoint the start-up check had reached (absent in older records). */
  checked?: Record<string, unknown>;
}

export interface PendingLedger {
  readonly initial: ReadonlyMap<string, ReadonlySet<string>>;
  readonly checkedThrough: ReadonlyMap<string, unknown>;
  /** Keeps a new count (the writes are queued; the last one wins). */
  keep(pending: ReadonlyMap<string, ReadonlySet<string>>): void;
  /** Keeps how far a collection's start-up check has gone, written with the next count or on its own. */
  checked(collection: string, checkpoint: unknown): void;
  /** Resolves once every kept count is written. */
  flushed(): Promise<void>;
}

export async function openPendingLedger(database: LocalDatabase): Promise<PendingLedger> {
  const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
  const ids = (stored?.ids as Record<string, string[]> | undefined) ?? {};
  const initial = new Map(Object.entries(ids).map(([name, list]) => [name, new Set(list)]));
  const checkedThrough = new Map(Object.entries(stored?.checked ?? {}));
  let current: Stored = { ids, checked: Object.fromEntries(checkedThrough) };
  let writing: Promise<unknown> = Promise.resolve();
  let queued = false;
  /** Writes the latest state once the write before it is done (several changes meanwhile make one write). */
  const write = () => {
    if (queued) return;
    queued = true;
    writing = writing.then(async () => {
      queued = false;
      await database.upsertLocal<Stored>(KEY, current).catch(() => undefined);
    });
  };
  return {
    initial,
    checkedThrough,
    keep(pending) {
      current = { ...current, ids: Object.fromEntries([...pending].map(([name, set]) => [name, [...set]])) };
      write();
    },
    checked(collection, checkpoint) {
      current = { ...current, checked: { ...current.checked, [collection]: checkpoint } };
      write();
    },
    flushed: () => writing.then(() => undefined),
  };
}
