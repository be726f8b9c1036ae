// The offset between this device's clock and the server's, kept in a local document so that a device
// restarted offline still stamps its writes (hybrid logical clock) with the correction it last observed.
import type { LocalDatabase } from '../db/local-database.ts';

const KEY = 'server-offset';
/** Measurements move by a round trip's worth every pull; only a real change is worth a write. */
const SIGNIFICANT_MS = 1000;

interface Stored {
  offsetMs: number;
}

export interface OffsetStore {
  /** The offset saved by an earlier run, if any. */
  readonly saved: number | null;
  /** Keeps a new measurement when it differs enough from the one kept. */
  record(offsetMs: number): void;
}

export async function openOffsetStore(database: LocalDatabase): Promise<OffsetStore> {
  const stored = await database.getLocal<Stored>(KEY);
  const saved = stored ? stored.toJSON().data.offsetMs : null;
  let kept = saved;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    saved,
    record(offsetMs) {
      if (kept !== null && Math.abs(offsetMs - kept) < SIGNIFICANT_MS) return;
      kept = offsetMs;
      writing = writing.then(() => database.upsertLocal<Stored>(KEY, { offsetMs })).catch(() => undefined);
    },
  };
}
