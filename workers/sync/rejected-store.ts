// Documents the server refused, kept per collection in a local document of the device database, so that they
// survive restarts, count as not yet on the server, and are offered again later.
import { BehaviorSubject, type Observable } from 'rxjs';
import type { LocalDatabase } from '../db/local-database.ts';
import type { RejectedDocument } from './replication.ts';

/** A refused document, with what the owner calls it (a product's name, an expense's description) when it has one. */
export type RejectedEntry = RejectedDocument & { table: string; label?: string | null };

const KEY = 'sync-rejected';

interface Stored {
  entries: RejectedEntry[];
}

export interface RejectedStore {
  readonly entries$: Observable<readonly RejectedEntry[]>;
  current(): readonly RejectedEntry[];
  add(table: string, rejected: readonly (RejectedDocument & { label?: string | null })[]): Promise<void>;
  remove(table: string, ids: readonly string[]): Promise<void>;
}

export async function openRejectedStore(database: LocalDatabase): Promise<RejectedStore> {
  const stored = await database.getLocal<Stored>(KEY);
  const initial: readonly RejectedEntry[] = (stored?.toJSON().data.entries as RejectedEntry[] | undefined) ?? [];
  const entries = new BehaviorSubject<readonly RejectedEntry[]>(initial);
  let writing: Promise<unknown> = Promise.resolve();

  const save = (next: readonly RejectedEntry[]): Promise<void> => {
    entries.next(next);
    writing = writing.then(() => database.upsertLocal<Stored>(KEY, { entries: [...next] }));
    return writing.then(() => undefined);
  };

  return {
    entries$: entries.asObservable(),
    current: () => entries.getValue(),
    add(table, rejected) {
      const ids = new Set(rejected.map((entry) => entry.id));
      const kept = entries.getValue().filter((entry) => entry.table !== table || !ids.has(entry.id));
      return save([...kept, ...rejected.map((entry) => ({ ...entry, table }))]);
    },
    remove(table, ids) {
      const gone = new Set(ids);
      const current = entries.getValue();
      const kept = current.filter((entry) => entry.table !== table || !gone.has(entry.id));
      return kept.length === current.length ? Promise.resolve() : save(kept);
    },
  };
}
