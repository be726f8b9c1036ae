// Opens a signed-in owner's workspace (db/workspace.ts): the database, the clock, the counters, the product search,
// the sync engine and the plan's product cap, in the order each needs the one before.
import { of } from 'rxjs';
import { followCounters } from '../ledger/live-counters.ts';
import { followUnfoldedSales } from '../ledger/unfolded-sales.ts';
import { openProductCap } from '../products/plan-cap.ts';
import { followDevicePresence, type DevicePresence } from '../devices/presence.ts';
import { followProductSearch } from '../products/search-index.ts';
import { compactBeforeWindow } from '../sync/compaction.ts';
import { startSyncEngine } from '../sync/engine.ts';
import { createHybridClock, type HybridClock } from '../sync/hlc.ts';
import { openOffsetStore } from '../sync/offset-store.ts';
import { windowStart } from '../sync/window.ts';
import { clockNodeOf, deviceNameOf } from './device-identity.ts';
import { latestStamp } from './latest-stamp.ts';
import { openLocalDatabase, type LocalDatabase } from './local-database.ts';
import type { OwnerSession, Workspace, WorkspaceOptions } from './workspace.ts';

export async function openWorkspace(session: OwnerSession, options: WorkspaceOptions): Promise<Workspace> {
  const wallClock = options.wallClock ?? Date.now;
  const database = await openLocalDatabase({
    userId: session.userId,
    storage: options.storage,
    multiInstance: options.multiInstance,
    namePrefix: options.namePrefix,
    overrides: options.overrides,
  });
  const device = await deviceNameOf(database);
  const clock = createHybridClock({ node: clockNodeOf(device, options.deviceId), wallClock });
  const windowStartAt = options.windowStartAt ?? windowStart;
  const keptFrom = (): string => windowStartAt(clock.correctedNow());
  await compactAtStart(database, clock, options.serverUrl, keptFrom);
  // The clock starts after every stamp the device holds; the counters read only the facts since the cut.
  for (const latest of await Promise.all([
    latestStamp(database, 'vendas', wallClock()),
    latestStamp(database, 'historico_estoque', wallClock()),
  ]))
    if (latest) clock.receive(latest);
  const counters = followCounters(database, {
    onHlc: (hlc) => {
      clock.receive(hlc);
    },
  });
  const unfoldedSales = followUnfoldedSales(database, { windowStart: keptFrom });
  const products = followProductSearch(database);
  await Promise.all([counters.ready, products.ready]);
  const sync = await startSyncEngine({
    database,
    client: session.client,
    userId: session.userId,
    serverUrl: options.serverUrl,
    connectivity: options.connectivity,
    clock,
    wallClock,
    accessToken: session.accessToken,
    retryTime: options.retryTime,
    batchSize: options.batchSize,
    realtime: options.realtime,
    resyncIntervalMs: options.resyncIntervalMs,
    windowStartAt,
  });
  const productCap = await openProductCap({ database, client: session.client, connectivity: options.connectivity });
  const presence =
    (options.presence ?? options.realtime !== false)
      ? followDevicePresence({
          client: session.client,
          userId: session.userId,
          device,
          connectivity: options.connectivity,
          accessToken: session.accessToken,
        })
      : absentPresence;
  void options.requestPersistence?.().catch(() => false);
  return {
    userId: session.userId,
    device,
    database,
    clock,
    now: wallClock,
    windowStart: keptFrom,
    counters,
    unfoldedSales,
    products,
    productCap,
    presence,
    sync,
    client: session.client,
    connectivity: options.connectivity,
    async close() {
      productCap.close();
      await presence.close();
      await sync.close();
      await counters.close();
      await unfoldedSales.close();
      products.close();
      await database.close();
    },
  };
}

/**
 * Drops the copies of facts before the window (sync/compaction.ts) before anything follows the collections' changes:
 * only with the server's clock known (an earlier run measured it), so the window's start is the owner's day.
 * A failure leaves the copies for the next start.
 */
async function compactAtStart(
  database: LocalDatabase,
  clock: HybridClock,
  serverUrl: string,
  keptFrom: () => string,
): Promise<void> {
  const offsets = await openOffsetStore(database);
  if (!offsets.saved) return;
  clock.setServerOffset(offsets.saved.offsetMs);
  try {
    await compactBeforeWindow({ database, serverUrl, start: keptFrom() });
  } catch {
    // Kept as they were: asked again at the next start.
  }
}

/** A device that does not show itself (tests that drive the network by hand): it never knows who is connected. */
const absentPresence: DevicePresence = { connected$: of(null), close: () => Promise.resolve() };
