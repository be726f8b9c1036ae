// One owner's device for the worker's domain tests, with no server unless one is given (the local stack): the real
// data API over RxDB's memory storage, reached across a MessageChannel as the UI reaches it, and live queries
// watched the way a screen subscribes.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expose, proxy } from 'comlink';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject, type Observable } from 'rxjs';
import WebSocket from 'ws';
import { createDataApiParts, type DataApi, type LiveQueries, type LiveQueryName } from '../../../workers/api.ts';
import type { LiveUpdate } from '../../../workers/contract/live.ts';
import { connectRemoteApi, type RemoteApi } from '../../../workers/contract/remote.ts';
import type { OwnerSession, Workspace } from '../../../workers/db/workspace.ts';
import { createManualConnectivity, type ConnectivitySource } from '../../../workers/system/connectivity.ts';
import { memoryDraftPersistence, type DraftPersistence } from '../../../workers/drafts/persistence.ts';

/** No server listens here: the device is offline from the start and never reaches one. */
const NOWHERE = 'http://127.0.0.1:9';

export type LiveResult<N extends LiveQueryName> = LiveQueries[N] extends (params: never) => Observable<infer R> ? R : never;

export interface LiveWatch<N extends LiveQueryName> {
  /** Every value received so far. */
  readonly values: readonly LiveResult<N>[];
  /** The first value (the current one included) that satisfies `check`. */
  until(check: (value: LiveResult<N>) => boolean): Promise<LiveResult<N>>;
  /** Ends the subscription, as a screen does when it unmounts. */
  stop(): Promise<void>;
}

export interface OfflineDevice {
  readonly userId: string;
  readonly remote: RemoteApi<DataApi>;
  readonly workspace: Workspace;
  /** The device's connection, switched by hand (always off without a server). */
  readonly connectivity: ConnectivitySource & { set(online: boolean): void };
  watch<N extends LiveQueryName>(name: N, params: Parameters<LiveQueries[N]>[0]): Promise<LiveWatch<N>>;
  /** Closes the app and opens it again on the same data, with the connection as it is now. */
  reopen(): Promise<OfflineDevice>;
  close(): Promise<void>;
}

interface DeviceOptions {
  now?: () => number;
  server?: DeviceServer;
  /** Shows itself to the owner's other devices through Realtime presence (off by default). */
  presence?: boolean;
}

/** What a device keeps across a reopen: its data (the storage and the database's name) and its connection. */
interface KeptDevice {
  storage: ReturnType<typeof getRxStorageMemory>;
  namePrefix: string;
  online: boolean;
  /** The cart's and forms' drafts, kept in memory across a reopen as IndexedDB keeps them on a phone. */
  drafts: DraftPersistence;
}

/** A client that acts for an owner on a device that never reaches a server. */
export function offlineClient() {
  return createClient(NOWHERE, 'anon', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
  });
}

export interface DeviceServer {
  url: string;
  userId: string;
  /** A client acting as the owner on that server. */
  client: SupabaseClient;
  /** The owner's token for Realtime, when the device joins channels. */
  accessToken?: () => Promise<string | null>;
}

export async function openOfflineDevice(name: string, options: DeviceOptions = {}): Promise<OfflineDevice> {
  return openDevice(options.server?.userId ?? randomUUID(), options, {
    storage: getRxStorageMemory(),
    namePrefix: `${name}-${randomUUID().slice(0, 8)}`,
    drafts: memoryDraftPersistence(),
    online: options.server !== undefined,
  });
}

async function openDevice(userId: string, options: DeviceOptions, kept: KeptDevice): Promise<OfflineDevice> {
  const client = options.server?.client ?? offlineClient();
  const connectivity = createManualConnectivity(kept.online);
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity,
    draftPersistence: kept.drafts,
    ownerData: {
      storage: kept.storage,
      multiInstance: false,
      namePrefix: kept.namePrefix,
      serverUrl: options.server?.url ?? NOWHERE,
      deviceId: 'balcao',
      realtime: false,
      presence: options.presence ?? false,
      ...(options.now ? { wallClock: options.now } : {}),
      session$: new BehaviorSubject<OwnerSession | null>({ userId, client, accessToken: options.server?.accessToken }),
    },
  });
  const workspace = await parts.workspace.current();
  const channel = new MessageChannel();
  expose(parts.api, channel.port1);
  const remote = connectRemoteApi<DataApi>(channel.port2);

  async function watch<N extends LiveQueryName>(query: N, params: Parameters<LiveQueries[N]>[0]): Promise<LiveWatch<N>> {
    const values: LiveResult<N>[] = [];
    const waiters: { check: (value: LiveResult<N>) => boolean; resolve: (value: LiveResult<N>) => void }[] = [];
    const id = await remote.live.subscribe(
      query,
      params,
      proxy((update: LiveUpdate<unknown>) => {
        if (update.status !== 'ok') throw new Error(JSON.stringify(update.error));
        const value = update.value as LiveResult<N>;
        values.push(value);
        for (const waiter of waiters.splice(0)) {
          if (waiter.check(value)) waiter.resolve(value);
          else waiters.push(waiter);
        }
      }),
    );
    return {
      values,
      stop: () => remote.live.unsubscribe(id),
      until(check) {
        const last = values.at(-1);
        if (last !== undefined && check(last)) return Promise.resolve(last);
        return new Promise((resolve, reject) => {
          // Generous: a condition that never comes should fail the test, not hang it.
          const timer = setTimeout(() => {
            reject(new Error(`${query}: condition not met; last ${JSON.stringify(values.at(-1))}`));
          }, 15_000);
          waiters.push({
            check,
            resolve: (value) => {
              clearTimeout(timer);
              resolve(value);
            },
          });
        });
      },
    };
  }

  async function close(): Promise<void> {
    channel.port1.close();
    channel.port2.close();
    await workspace.close();
  }

  return {
    userId,
    remote,
    workspace,
    connectivity,
    watch,
    async reopen() {
      await close();
      return openDevice(userId, options, { ...kept, online: connectivity.current().online });
    },
    close,
  };
}
