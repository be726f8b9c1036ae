// What was pending when the device last counted, kept in a local document so that the count of changes waiting
// here is known from the moment the database opens (the replication's own bookkeeping comes later, once this tab
// leads and its replications start); the tracker then recounts and corrects it.
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'sync-pending';

interface Stored {
  /** Ids of pending documents per collection. */
  ids: Record<string, string[]>;
}

export interface PendingLedger {
  readonly initial: ReadonlyMap<string, ReadonlySet<string>>;
  /** Keeps a new count (the writes are queued; the last one wins). */
  keep(pending: ReadonlyMap<string, ReadonlySet<string>>): void;
  /** Resolves once every kept count is written. */
  flushed(): Promise<void>;
}

export async function openPendingLedger(database: LocalDatabase): Promise<PendingLedger> {
  const stored = await database.getLocal<Stored>(KEY);
  const ids = (stored?.toJSON().data.ids as Record<string, string[]> | undefined) ?? {};
  const initial = new Map(Object.entries(ids).map(([name, list]) => [name, new Set(list)]));
  let writing: Promise<unknown> = Promise.resolve();
  let next: Stored | null = null;
  return {
    initial,
    keep(pending) {
      const first = next === null;
      next = { ids: Object.fromEntries([...pending].map(([name, set]) => [name, [...set]])) };
      if (!first) return;
      writing = writing.then(async () => {
        const value = next;
        next = null;
        if (value) await database.upsertLocal<Stored>(KEY, value).catch(() => undefined);
      });
    },
    flushed: () => writing.then(() => undefined),
  };
}
