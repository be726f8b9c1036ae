// The rows a device pushed whose server version it has not stored yet (docs/growth.md §6), kept in a local document
// per collection: the windowed pull may leave that version out (the row's days are before the window, or the days
// go by before it comes), and a restart in between must still read it back, so that no copy keeps the stamp it was
// edited from (which would count the edit again on top of the base that folds it); compaction leaves them alone.
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'sync-owed-echoes';

/** A row pushed, with the server stamp of the version it was written over (null: one the server never had). */
export interface OwedEcho {
  id: string;
  stamp: string | null;
}

interface Stored {
  /** Per collection. */
  echoes: Record<string, OwedEcho[]>;
}

export interface OwedEchoes {
  /** What `table` still owed itself when an earlier run stopped. */
  initial(table: string): readonly OwedEcho[];
  /** Keeps what `table` owes itself now; resolves once written (the writes are queued, the last one wins). */
  keep(table: string, echoes: readonly OwedEcho[]): Promise<void>;
}

export async function openOwedEchoes(database: LocalDatabase): Promise<OwedEchoes> {
  const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
  const current = new Map<string, OwedEcho[]>(
    Object.entries(stored?.echoes ?? {}).map(([table, echoes]): [string, OwedEcho[]] => [
      table,
      echoes.map((echo) => ({ id: echo.id, stamp: echo.stamp })),
    ]),
  );
  let writing: Promise<unknown> = Promise.resolve();
  return {
    initial: (table) => current.get(table) ?? [],
    keep(table, echoes) {
      if (echoes.length === 0) current.delete(table);
      else current.set(table, [...echoes]);
      const snapshot: Stored = { echoes: Object.fromEntries(current) };
      const written = writing.then(() => database.upsertLocal<Stored>(KEY, snapshot));
      writing = written.catch(() => undefined);
      return written.then(() => undefined);
    },
  };
}
