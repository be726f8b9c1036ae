// The sync engine's internals, kept off its public interface: the engine registers them here and only the
// test entry (testing.ts) reads them; lint keeps the rest of workers/ and src/ out of this module.
import type { CollectionName } from '../../schemas/index.ts';
import type { PendingTracker } from './pending.ts';
import type { CollectionReplication } from './replication.ts';
import type { OffsetSample } from './server-time.ts';

export interface SyncEngineInternals {
  /** One replication per collection (tests deliver Realtime rows through them by hand). */
  readonly replications: ReadonlyMap<CollectionName, CollectionReplication<unknown>>;
  /** Local writes the server has not confirmed yet, per collection. */
  readonly pending: PendingTracker;
  /** Resolves when every collection is in sync with the server. */
  awaitInSync(): Promise<void>;
  /** Server time minus device time: the best estimate of this run, or kept from an earlier one, if any. */
  serverOffset(): number | null;
  /** That estimate with its error bound. */
  serverOffsetSample(): OffsetSample | null;
}

const registry = new WeakMap<object, SyncEngineInternals>();

/** Called once by the engine with the object it hands out. */
export function registerInternals(engine: object, internals: SyncEngineInternals): void {
  registry.set(engine, internals);
}

export function internalsOf(engine: object): SyncEngineInternals | undefined {
  return registry.get(engine);
}
