// One simulated device in its own worker thread (its own JavaScript realm, as each browser tab's worker is):
// the real data API over RxDB's memory storage, driven by the test through small request/response messages.
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '@supabase/supabase-js';
import { getChangedDocumentsSince, type RxCollection, type RxStorageInstance } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject } from 'rxjs';
import WebSocket from 'ws';
import type { CollectionName } from '../../../schemas/index.ts';
import { createDataApiParts } from '../../../workers/api.ts';
import type { OwnerSession, Workspace } from '../../../workers/db/workspace.ts';
import type { BytePort } from '../../../workers/peer/link.ts';
import { syncInternals } from '../../../workers/sync/testing.ts';
import { windowStart } from '../../../workers/sync/window.ts';
import { createManualConnectivity } from '../../../workers/system/connectivity.ts';
import type { DeviceThreadConfig, DeviceRequest } from './device-protocol.ts';

let config = workerData as DeviceThreadConfig;
const storage = getRxStorageMemory();
const connectivity = createManualConnectivity(config.online);
let skewMs = config.skewMs;
let windowShiftDays = config.windowShiftDays ?? 0;
const DAY_MS = 86_400_000;

function build() {
  const client = createClient(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { Authorization: `Bearer ${config.token}` } },
  });
  const session: OwnerSession = { userId: config.userId, client, accessToken: () => Promise.resolve(config.token) };
  return createDataApiParts({
    appVersion: 'teste',
    connectivity,
    ownerData: {
      storage,
      multiInstance: false,
      namePrefix: config.namePrefix,
      serverUrl: config.url,
      deviceId: config.name,
      wallClock: () => Date.now() + skewMs,
      retryTime: config.retryTime,
      batchSize: config.batchSize,
      realtime: config.realtime,
      resyncIntervalMs: config.resyncIntervalMs,
      // As if the owner's days had gone by: the window starts that many days later.
      windowStartAt: (now: number) => windowStart(now + windowShiftDays * DAY_MS),
      session$: new BehaviorSubject<OwnerSession | null>(session),
    },
  });
}

let parts = build();
let workspace: Workspace = await parts.workspace.current();

async function allDocs(table: CollectionName): Promise<Record<string, unknown>[]> {
  const collection = workspace.database.collections[table];
  const out: Record<string, unknown>[] = [];
  let checkpoint: unknown = undefined;
  for (;;) {
    const page = await getChangedDocumentsSince(
      collection.storageInstance as RxStorageInstance<unknown, unknown, unknown>,
      1000,
      checkpoint,
    );
    if (page.documents.length === 0) break;
    out.push(...(page.documents as Record<string, unknown>[]));
    checkpoint = page.checkpoint;
  }
  return out;
}

type Callable = (...args: unknown[]) => unknown;

const control: Record<string, Callable> = {
  call: (domain, method, args) => {
    const target = (parts.api as unknown as Record<string, Record<string, Callable>>)[String(domain)];
    const fn = target?.[String(method)];
    if (!fn) throw new Error(`unknown ${String(domain)}.${String(method)}`);
    return fn(...(args as unknown[]));
  },
  setOnline: (online) => {
    connectivity.set(online === true);
  },
  setSkew: (ms) => {
    skewMs = Number(ms);
  },
  /** Moves the window of facts ahead by whole days (read by the pull at once, by compaction at the next opening). */
  setWindowShift: (days) => {
    windowShiftDays = Number(days);
  },
  windowStart: () => workspace.windowStart(),
  stockOf: (id) => workspace.counters.stockOf(String(id)),
  balanceOf: (id) => workspace.counters.balanceOf(String(id)),
  countersRead: () => workspace.counters.readAtOpen(),
  status: () => workspace.sync.status(),
  /** What keeps this device from being in sync: pending ids per collection and refused documents. */
  diagnose: () => ({
    pending: Object.fromEntries([...syncInternals(workspace.sync).pending.pendingIds()].map(([name, ids]) => [name, [...ids]])),
    rejected: workspace.sync.status().rejected,
    replications: Object.fromEntries(
      [...syncInternals(workspace.sync).replications].map(([name, replication]) => [name, replication.describe()]),
    ),
  }),
  docs: (table) => allDocs(table as CollectionName),
  /** Rows pushed from outside the window whose server version is still to be read back, over every collection. */
  owedEchoes: () =>
    [...syncInternals(workspace.sync).replications.values()].reduce((sum, replication) => sum + replication.owedEchoes(), 0),
  serverOffset: () => syncInternals(workspace.sync).serverOffset(),
  serverOffsetSample: () => syncInternals(workspace.sync).serverOffsetSample(),
  /** Delivers a row as Realtime would, `times` times at once (duplicate delivery). */
  receive: async (table, row, times) => {
    const replication = syncInternals(workspace.sync).replications.get(table as CollectionName);
    if (!replication) throw new Error(`no replication for ${String(table)}`);
    const copies = Array.from({ length: Number(times ?? 1) }, () => replication.receive(row as Record<string, unknown>));
    await Promise.all(copies);
    await workspace.database.requestIdlePromise();
  },
  /** Resolves once the document is in this device's database (device-to-device latency). */
  waitFor: (table, id) =>
    new Promise<void>((resolve) => {
      const collection = workspace.database.collections[table as CollectionName] as unknown as RxCollection<{ id: string }>;
      const subscription = collection.findOne(String(id)).$.subscribe((doc) => {
        if (!doc) return;
        resolve();
        queueMicrotask(() => {
          subscription.unsubscribe();
        });
      });
    }),
  /** Fires writes without waiting for them (a burst the app is in the middle of when it dies). */
  burstSales: (productId, count) => {
    for (let i = 0; i < Number(count); i++) {
      void parts.api.sales.register({ itens: [{ produto_id: String(productId), quantidade: 1 }] }).catch(() => undefined);
    }
  },
  /** Ends the app abruptly (no waiting for pushes in flight) and starts it again on the same data. */
  restart: async () => {
    const old = parts;
    void old.workspace.close().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    parts = build();
    workspace = await parts.workspace.current();
  },
  /** The same device (thread) signed in as another owner, with new settings and an empty database. */
  switchOwner: async (changes) => {
    await parts.workspace.close();
    config = { ...config, ...(changes as Partial<DeviceThreadConfig>) };
    skewMs = config.skewMs;
    windowShiftDays = config.windowShiftDays ?? 0;
    connectivity.set(config.online);
    parts = build();
    workspace = await parts.workspace.current();
  },
  /** Closes the app cleanly (everything in flight ends first) and opens it again on the same data. */
  reopen: async () => {
    await parts.workspace.close();
    parts = build();
    workspace = await parts.workspace.current();
  },
  /** Takes this device's end of a peer channel for an agreed pairing (the page's relay does this in a browser). */
  peerAttach: (invite, port) => parts.api.peer.attach(String(invite), port as BytePort),
  /** The peer links' status, as the screen first receives it. */
  peerStatus: () =>
    new Promise<unknown>((resolve, reject) => {
      const id = parts.api.live.subscribe('peerStatus', undefined, (result) => {
        queueMicrotask(() => {
          parts.api.live.unsubscribe(id);
        });
        if (result.status === 'ok') resolve(result.value);
        else reject(new Error(JSON.stringify(result.error)));
      });
    }),
  close: async () => {
    await parts.workspace.close();
  },
};

parentPort?.on('message', (request: DeviceRequest) => {
  void (async () => {
    try {
      const fn = control[request.op];
      if (!fn) throw new Error(`unknown op ${request.op}`);
      const result: unknown = await fn(...request.args);
      parentPort?.postMessage({ id: request.id, ok: true, result });
    } catch (error) {
      parentPort?.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
parentPort?.postMessage({ id: 0, ok: true, result: 'ready' });
