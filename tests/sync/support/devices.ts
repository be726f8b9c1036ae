// Devices for integration tests: each runs the real data API in its own worker thread (its own realm and
// RxDB, as each browser tab's worker does), all acting as one owner against the local stack.
import { randomUUID } from 'node:crypto';
import { MessageChannel, Worker, type MessagePort, type Transferable } from 'node:worker_threads';
import { isDeepStrictEqual } from 'node:util';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { collectionNames, type CollectionName } from '../../../schemas/index.ts';
import type { DataApi, PeerStatus } from '../../../workers/api.ts';
import { surelyInsideWindow } from '../../../workers/sync/fact-days.ts';
import type { OffsetSample } from '../../../workers/sync/server-time.ts';
import type { ReplicationDescription } from '../../../workers/sync/replication.ts';
import type { SyncStatus } from '../../../workers/sync/status.ts';
import { windowStart } from '../../../workers/sync/window.ts';
import type { TestStack } from '../../support/stack.ts';
import type { DeviceResponse, DeviceThreadConfig } from './device-protocol.ts';

type Row = Record<string, unknown>;
type AnyFn = (...args: never[]) => unknown;
/** The API as seen from the test: every call crosses a thread, so every result is a promise. */
export type RemoteDataApi = {
  readonly [D in Exclude<keyof DataApi, 'live'>]: {
    readonly [M in keyof DataApi[D]]: DataApi[D][M] extends AnyFn
      ? (...args: Parameters<DataApi[D][M]>) => Promise<Awaited<ReturnType<DataApi[D][M]>>>
      : never;
  };
};

export interface Owner {
  userId: string;
  token: string;
  client: SupabaseClient;
}

export async function newOwner(stack: TestStack): Promise<Owner> {
  const userId = randomUUID();
  const token = await stack.mintUserToken(userId);
  return { userId, token, client: stack.client(token) };
}

export interface Device {
  name: string;
  api: RemoteDataApi;
  setOnline(online: boolean): Promise<void>;
  setSkew(ms: number): Promise<void>;
  /** Places the window of facts this many days ahead of the owner's calendar (as if those days had gone by). */
  setWindowShift(days: number): Promise<void>;
  /** The first day of the window of facts the device keeps now. */
  windowStart(): Promise<string>;
  stockOf(productId: string): Promise<number>;
  balanceOf(clientId: string): Promise<number>;
  /** What the counters read when this device last opened: base rows and fact documents. */
  countersRead(): Promise<{ bases: number; facts: number }>;
  status(): Promise<SyncStatus>;
  /** Pending ids per collection and refused documents, for failure messages. */
  diagnose(): Promise<unknown>;
  docs(table: CollectionName): Promise<Row[]>;
  /** Rows this device pushed from outside its window whose server version it has not read back yet. */
  owedEchoes(): Promise<number>;
  serverOffset(): Promise<number | null>;
  serverOffsetSample(): Promise<OffsetSample | null>;
  /** Ends the app abruptly and starts it again on the same data. */
  restart(): Promise<void>;
  /** Closes the app cleanly and opens it again on the same data. */
  reopen(): Promise<void>;
  /** Signs this device in as another owner, with a fresh database (reuses the thread: opening one is slow). */
  switchOwner(owner: Owner, options: Omit<DeviceOptions, 'name' | 'url'>): Promise<void>;
  receive(table: CollectionName, row: Row, times: number): Promise<void>;
  burstSales(productId: string, count: number): Promise<void>;
  waitFor(table: CollectionName, id: string): Promise<void>;
  /** Hands this device its end of a peer channel for an agreed pairing. */
  peerAttach(invite: string, port: MessagePort): Promise<void>;
  peerStatus(): Promise<PeerStatus>;
  close(): Promise<void>;
}

export interface DeviceOptions {
  name: string;
  skewMs?: number;
  online?: boolean;
  retryTime?: number;
  batchSize?: number;
  /** Off: the device learns of changes only by pulling. */
  realtime?: boolean;
  /** The stack's URL the device talks to (a proxy in fault tests). */
  url?: string;
  /** How often the device pulls again and offers refused documents again while online. */
  resyncIntervalMs?: number;
}

const THREAD = new URL('./device-thread.ts', import.meta.url).href;
// A worker thread's loader knows no TypeScript: the bootstrap registers tsx first, then loads the device.
const BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD)}); });`;

export async function openDevice(stack: TestStack, owner: Owner, options: DeviceOptions): Promise<Device> {
  const config: DeviceThreadConfig = {
    name: options.name,
    url: options.url ?? stack.url,
    anonKey: stack.anonKey,
    token: owner.token,
    userId: owner.userId,
    namePrefix: `dev-${options.name}-${randomUUID().slice(0, 8)}`,
    online: options.online ?? true,
    skewMs: options.skewMs ?? 0,
    retryTime: options.retryTime ?? 200,
    batchSize: options.batchSize,
    realtime: options.realtime,
    resyncIntervalMs: options.resyncIntervalMs,
  };
  const worker = new Worker(BOOT, { eval: true, workerData: config });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    waiting.set(0, {
      resolve: () => {
        resolve();
      },
      reject,
    });
  });
  worker.on('message', (response: DeviceResponse) => {
    const pending = waiting.get(response.id);
    waiting.delete(response.id);
    if (response.ok) pending?.resolve(response.result);
    else pending?.reject(new Error(`${options.name}: ${response.error}`));
  });
  await ready;
  const sendWith = <T>(transfer: readonly Transferable[], op: string, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, {
        resolve: (value) => {
          resolve(value as T);
        },
        reject,
      });
      worker.postMessage({ id, op, args }, transfer as Transferable[]);
    });
  const send = <T>(op: string, ...args: unknown[]): Promise<T> => sendWith<T>([], op, ...args);
  const api = new Proxy({} as RemoteDataApi, {
    get: (_target, domain) =>
      new Proxy(
        {},
        {
          get:
            (_inner, method) =>
            (...args: unknown[]): Promise<unknown> =>
              send('call', String(domain), String(method), args),
        },
      ),
  });
  return {
    name: options.name,
    api,
    setOnline: (online) => send('setOnline', online),
    setSkew: (ms) => send('setSkew', ms),
    setWindowShift: (days) => send('setWindowShift', days),
    windowStart: () => send('windowStart'),
    stockOf: (id) => send('stockOf', id),
    balanceOf: (id) => send('balanceOf', id),
    countersRead: () => send('countersRead'),
    status: () => send('status'),
    diagnose: () => send('diagnose'),
    docs: (table) => send('docs', table),
    owedEchoes: () => send('owedEchoes'),
    serverOffset: () => send('serverOffset'),
    serverOffsetSample: () => send('serverOffsetSample'),
    restart: () => send('restart'),
    reopen: () => send('reopen'),
    switchOwner: (owner, changes) =>
      send('switchOwner', {
        token: owner.token,
        userId: owner.userId,
        namePrefix: `dev-${options.name}-${randomUUID().slice(0, 8)}`,
        online: changes.online ?? true,
        skewMs: changes.skewMs ?? 0,
        retryTime: changes.retryTime ?? 200,
        batchSize: changes.batchSize,
        realtime: changes.realtime,
        windowShiftDays: 0,
      } satisfies Partial<DeviceThreadConfig>),
    receive: (table, row, times) => send('receive', table, row, times),
    burstSales: (productId, count) => send('burstSales', productId, count),
    waitFor: (table, id) => send('waitFor', table, id),
    peerAttach: (invite, port) => sendWith([port], 'peerAttach', invite, port),
    peerStatus: () => send('peerStatus'),
    async close() {
      await send('close').catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** Every row of the owner on the server, per table, as the owner reads them (soft-deleted included). */
export async function serverRows(owner: Owner, table: CollectionName): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await owner.client
      .from(table)
      .select('*')
      .order('id')
      .range(from, from + 999);
    if (error) throw new Error(error.message);
    rows.push(...(data as Row[]));
    if ((data as Row[]).length < 1000) return rows;
  }
}

const IGNORED = new Set(['_meta', '_rev', '_attachments', 'server_modified', '_modified', 'estoque', 'saldo_devedor']);

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** A row or document reduced to what both sides must agree on. */
export function comparable(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (IGNORED.has(key) || value === null || value === undefined) continue;
    out[key] = normalizeValue(key, value);
  }
  out._deleted = row._deleted === true;
  return out;
}

function normalizeValue(key: string, value: unknown): unknown {
  // An instant, however written: the device keeps what it wrote ('…Z'), the server answers in its own form ('…+00:00').
  if (typeof value === 'string' && INSTANT.test(value)) return new Date(value).toISOString();
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) && key !== 'telefone' && key !== 'codigo_barras')
    return Number(value);
  if (Array.isArray(value))
    return (value as unknown[]).map((item) => (typeof item === 'object' && item !== null ? comparable(item as Row) : item));
  return value;
}

const byId = (a: Row, b: Row) => String(a.id).localeCompare(String(b.id));

/** Waits until `check` passes (it throws while not yet). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000, intervalMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** The table's pull, and any other that is busy or waits for rows, as the device describes them. */
async function whyBehind(device: Device, table: CollectionName): Promise<string> {
  const { replications = {} } = (await device.diagnose()) as { replications?: Record<string, ReplicationDescription> };
  const telling = Object.entries(replications).filter(
    ([name, description]) => name === table || description.pass !== 'idle' || description.waiters > 0 || description.echoes > 0,
  );
  return JSON.stringify(Object.fromEntries(telling));
}

/**
 * Waits until every device has pushed everything and holds exactly the server's documents: of a fact table, those
 * of the window (docs/growth.md §6) and any older ones it still holds.
 */
export async function converged(owner: Owner, devices: readonly Device[], timeoutMs = 30_000): Promise<void> {
  await eventually(
    async () => {
      for (const device of devices) {
        const { pending } = await device.status();
        if (pending !== 0) expect(pending, `${device.name} pending: ${JSON.stringify(await device.diagnose())}`).toBe(0);
      }
      const start = windowStart(Date.now());
      for (const table of collectionNames) {
        const rows = await serverRows(owner, table);
        for (const device of devices) {
          const local = (await device.docs(table)).map(comparable).sort(byId);
          const held = new Set(local.map((doc) => String(doc.id)));
          const server = rows
            .filter((row) => held.has(String(row.id)) || surelyInsideWindow(table, row, start))
            .map(comparable)
            .sort(byId);
          if (!isDeepStrictEqual(local, server)) {
            expect(local, `${device.name} ${table}: ${await whyBehind(device, table)}`).toEqual(server);
          }
        }
      }
    },
    timeoutMs,
    50,
  );
}

/**
 * Pairs two devices as their screens would: `inviter` shows an invitation, `joiner` reads it and shows its answer,
 * `inviter` reads that; then each gets one end of a channel (what the WebRTC data channel is in a browser).
 * Returns the channel, so a test can cut it.
 */
export async function pairDevices(inviter: Device, joiner: Device): Promise<MessageChannel> {
  const { code } = await inviter.api.peer.createInvite({ sdp: `oferta de ${inviter.name}` });
  const invitation = await joiner.api.peer.readInvite({ code });
  const { code: answer } = await joiner.api.peer.createAnswer({ invite: invitation.invite, sdp: `resposta de ${joiner.name}` });
  const accepted = await inviter.api.peer.readAnswer({ code: answer });
  const channel = new MessageChannel();
  await Promise.all([inviter.peerAttach(accepted.invite, channel.port1), joiner.peerAttach(invitation.invite, channel.port2)]);
  return channel;
}
