// Test entry of the sync engine: what tests and benchmarks inspect (replications, pending ids, the clock
// offset) and the app never needs. Only tests import it: lint forbids it under workers/ and src/.
import type { SyncEngine } from './engine.ts';
import { internalsOf, type SyncEngineInternals } from './internals.ts';

export type { SyncEngineInternals };

/** The internals of an engine made by startSyncEngine. */
export function syncInternals(engine: SyncEngine): SyncEngineInternals {
  const internals = internalsOf(engine);
  if (!internals) throw new Error('not a sync engine made by startSyncEngine');
  return internals;
}
