// The offset between this device's clock and the server's, kept in a local document so that a device
// restarted offline still stamps its writes (hybrid logical clock) with the correction it last observed.
import type { LocalDatabase } from '../db/local-database.ts';
import type { OffsetSample } from './server-time.ts';

const KEY = 'server-offset';
/** Estimates move by a few milliseconds from pull to pull: only a real change is worth a write. */
const SIGNIFICANT_MS = 5;

interface Stored {
  offsetMs: number;
  /** Absent in documents written before the error bound was kept: counted as unknown (a large bound). */
  errorMs?: number;
}

const UNKNOWN_ERROR_MS = 60_000;

export interface OffsetStore {
  /** The estimate saved by an earlier run, if any. */
  readonly saved: OffsetSample | null;
  /** Keeps a new estimate when it differs enough from the one kept. */
  record(sample: OffsetSample): void;
}

export async function openOffsetStore(database: LocalDatabase): Promise<OffsetStore> {
  const stored = await database.getLocal<Stored>(KEY);
  const data = stored?.toJSON().data;
  const saved: OffsetSample | null = data ? { offsetMs: data.offsetMs, errorMs: data.errorMs ?? UNKNOWN_ERROR_MS } : null;
  let kept = saved;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    saved,
    record(sample) {
      if (
        kept !== null &&
        Math.abs(sample.offsetMs - kept.offsetMs) < SIGNIFICANT_MS &&
        Math.abs(sample.errorMs - kept.errorMs) < SIGNIFICANT_MS
      )
        return;
      kept = sample;
      writing = writing
        .then(() => database.upsertLocal<Stored>(KEY, { offsetMs: sample.offsetMs, errorMs: sample.errorMs }))
        .catch(() => undefined);
    },
  };
}
