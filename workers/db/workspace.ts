// Everything one signed-in owner has on this device: the database, the clock, the derived counters, the
// product search and the sync engine; opened on sign-in (db/open-workspace.ts, whose code loads then) and closed on
// sign-out.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxStorage } from 'rxdb';
import { BehaviorSubject, filter, type Observable } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { LiveCounters } from '../ledger/live-counters.ts';
import type { UnfoldedSales } from '../ledger/unfolded-sales.ts';
import type { ProductCap } from '../products/plan-cap.ts';
import type { ProductSearch } from '../products/search-index.ts';
import type { DevicePresence } from '../devices/presence.ts';
import type { SyncEngine } from '../sync/engine.ts';
import type { HybridClock } from '../sync/hlc.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import type { LocalDatabase, LocalDatabaseOptions } from './local-database.ts';

/** The signed-in owner as the account domain hands it over: who, and a client that acts as them. */
export interface OwnerSession {
  userId: string;
  client: SupabaseClient;
  /** The current access token, for Realtime (a client holding a session provides it by itself). */
  accessToken?: () => Promise<string | null>;
}

export interface WorkspaceOptions {
  // RxDB's storage type is generic over its internals; any storage will do here.
  storage: RxStorage<unknown, unknown>;
  multiInstance: boolean;
  namePrefix?: string;
  serverUrl: string;
  connectivity: ConnectivitySource;
  /** This device's clock (tests skew it by days). */
  wallClock?: () => number;
  /** Names this tab in hybrid-logical-clock stamps, after the device's stable name (unique is all it must be). */
  deviceId: string;
  retryTime?: number;
  batchSize?: number;
  realtime?: boolean;
  /** Whether this device shows itself to the owner's other devices (Realtime presence); as `realtime` by default. */
  presence?: boolean;
  /** How often the syncing tab pulls again, and offers refused documents again, while online. */
  resyncIntervalMs?: number;
  overrides?: LocalDatabaseOptions['overrides'];
  /** Asks the browser to keep the database under storage pressure (navigator.storage.persist). */
  requestPersistence?: () => Promise<boolean>;
  /** The window's first day at a server-corrected instant (sync/window.ts's `windowStart`; tests move it ahead). */
  windowStartAt?: (now: number) => string;
}

export interface Workspace {
  userId: string;
  /** This device's stable name (shared by its tabs, kept across reloads); its stamps' nodes start with it. */
  device: string;
  database: LocalDatabase;
  clock: HybridClock;
  now(): number;
  /** The first day of the window of facts this device keeps (yyyy-MM-dd, the owner's day, server-corrected). */
  windowStart(): string;
  counters: LiveCounters;
  /** The sales the daily rollups on the device do not hold yet (the dashboard and the reports add them). */
  unfoldedSales: UnfoldedSales;
  products: ProductSearch;
  /** The product cap of the owner's plan, as the server last said. */
  productCap: ProductCap;
  sync: SyncEngine;
  /** The owner's devices connected now, through Realtime presence. */
  presence: DevicePresence;
  /** A client acting as the owner, for the few requests beside the sync (the peer domain's pairing key). */
  client: SupabaseClient;
  connectivity: ConnectivitySource;
  close(): Promise<void>;
}

export interface WorkspaceHolder {
  /** The open workspace, or null once it is known that nobody is signed in. Silent until the first session is
   * settled and while a signed-in owner's workspace is opening, so that a live query's first answer is the owner's
   * data and never the signed-out emptiness of a device still starting up. */
  readonly workspace$: Observable<Workspace | null>;
  /** The open workspace; refuses when nobody is signed in. */
  current(): Promise<Workspace>;
  close(): Promise<void>;
}

/** Follows the account domain's session: opens the owner's workspace on sign-in, closes it on sign-out. */
export function holdWorkspace(session$: Observable<OwnerSession | null>, options: WorkspaceOptions | undefined): WorkspaceHolder {
  // undefined: not settled yet (the session is unknown, or its workspace is opening).
  const workspace = new BehaviorSubject<Workspace | null | undefined>(undefined);
  let opening: Promise<Workspace | null> = Promise.resolve(null);
  let failure: DataError | undefined;
  const subscription = session$.subscribe((session) => {
    opening = opening
      .then(async (previous) => {
        if (previous && session && previous.userId === session.userId) return previous;
        if (previous) {
          workspace.next(null);
          await previous.close();
        }
        if (!session || !options) {
          if (workspace.getValue() === undefined) workspace.next(null);
          return null;
        }
        // Opening: silent again, so a screen that subscribes meanwhile (the dashboard right after signing in) waits
        // for the owner's data instead of answering with the signed-out emptiness ('Todos os produtos estão com
        // estoque adequado!', zero sales).
        workspace.next(undefined);
        // The database, the sync engine and the validator load here, not with the worker: a signed-out screen
        // never waits for them.
        const { openWorkspace } = await import('./open-workspace.ts');
        const opened = await openWorkspace(session, options);
        workspace.next(opened);
        return opened;
      })
      .catch((error: unknown) => {
        // A database that cannot open (a schema this version cannot migrate): the next session may try again.
        failure = DataError.from(error);
        if (workspace.getValue() === undefined) workspace.next(null);
        return null;
      });
  });
  return {
    workspace$: workspace.pipe(filter((value): value is Workspace | null => value !== undefined)),
    async current() {
      const opened = (await opening) ?? workspace.getValue() ?? null;
      if (!opened && failure) throw failure;
      if (!opened) throw new DataError('not_signed_in');
      return opened;
    },
    async close() {
      subscription.unsubscribe();
      const last = await opening;
      workspace.next(null);
      await last?.close();
    },
  };
}
