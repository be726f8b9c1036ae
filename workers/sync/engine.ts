// The device's sync engine: every owner collection replicated with the server (the server-derived ones pulled
// only), a Realtime feed that streams other devices' writes, refused documents kept and offered again, today's
// cut of the counters' bases asked for, a new device's download in phases, and the status the UI shows.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RxCollection } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { BehaviorSubject, combineLatest, filter, map, merge, take, type Observable, type Subscription } from 'rxjs';
import {
  collectionNames,
  collectionSchemas,
  foldedCollections,
  rolledUpCollections,
  serverDerivedCollections,
  type CollectionName,
} from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import type { HybridClock } from './hlc.ts';
import { askForTodaysCut } from './counter-cut.ts';
import { openFirstDownload, type DownloadProgress } from './first-download.ts';
import { surelyInsideWindow, windowedCollections } from './fact-days.ts';
import { trackPending } from './pending.ts';
import { openPendingLedger } from './pending-ledger.ts';
import { openOwedEchoes } from './owed-echoes.ts';
import { refusalReason, suspensionReason } from './refusal.ts';
import { openOffsetStore } from './offset-store.ts';
import { registerInternals } from './internals.ts';
import { createOffsetEstimate } from './server-time.ts';
import { openRealtimeFeed, type RealtimeFeed } from './realtime-feed.ts';
import { openRejectedStore, type RejectedStore } from './rejected-store.ts';
import { followSharedStatus, leadershipOf, publishStatus, requestSync, syncRequests } from './shared-status.ts';
import {
  fromServerRow,
  replicateCollection,
  type CollectionReplication,
  type RejectedDocument,
  type WindowBounds,
} from './replication.ts';
import {
  INITIAL_STATUS,
  signOutCheck,
  type RefusedChange,
  type SignOutCheck,
  type SyncOutcome,
  type SyncPhase,
  type SyncStatus,
} from './status.ts';
import { DataError } from '../contract/errors.ts';
import { windowStart } from './window.ts';
import { localTimeOf } from '../dashboard/buckets.ts';
import { REPORT_TIME_ZONE } from '../reports/periods.ts';

export interface SyncEngineOptions {
  database: LocalDatabase;
  client: SupabaseClient;
  userId: string;
  serverUrl: string;
  connectivity: ConnectivitySource;
  clock: HybridClock;
  wallClock?: () => number;
  /** Gives Realtime the owner's token (a client built with a session does this by itself). */
  accessToken?: () => Promise<string | null>;
  batchSize?: number;
  retryTime?: number;
  /** Off in tests that drive pulls by hand (no Realtime channel is opened). */
  realtime?: boolean;
  /**
   * A pull from the checkpoint now and then while online, in case Realtime missed something; refused documents
   * are offered again at the same pace (a suspended account may have been reactivated, a plan upgraded).
   */
  resyncIntervalMs?: number;
  /** The window's first day at a server-corrected instant (window.ts's `windowStart`; tests move it ahead). */
  windowStartAt?: (now: number) => string;
}

export interface SyncEngine {
  readonly status$: Observable<SyncStatus>;
  status(): SyncStatus;
  /** Pulls every collection again and offers refused documents again; refuses offline or when the server fails. */
  syncNow(): Promise<SyncOutcome>;
  /** Drops a refused change: a document the server never had goes, an edit returns to the server's version. */
  discardRefused(table: string, id: string): Promise<void>;
  canSignOut(): SignOutCheck;
  close(): Promise<void>;
}

export async function startSyncEngine(options: SyncEngineOptions): Promise<SyncEngine> {
  const { database, client, userId } = options;
  const rejected: RejectedStore = await openRejectedStore(database);
  const lastError = new BehaviorSubject<number | null>(null);
  const lastSyncedAt = new BehaviorSubject<string | null>(null);
  /** The tables whose pull the server refuses because this app is older than their rows ('Atualize o app'). */
  const outdatedTables = new BehaviorSubject<ReadonlySet<string>>(new Set());
  const wallClock = options.wallClock ?? Date.now;
  const offsets = await openOffsetStore(database);
  const firstDownload = await openFirstDownload(database);
  const owedEchoes = await openOwedEchoes(database);
  const estimate = createOffsetEstimate(offsets.saved);
  if (offsets.saved) options.clock.setServerOffset(offsets.saved.offsetMs);
  /** 'Completed' only means something once the server has answered. */
  let reachedServer = false;
  /** This tab holds the leadership: it alone replicates (set once elected). */
  let leader = false;
  let feed: RealtimeFeed | undefined;
  let closed = false;

  /** Requests wait here while the device is offline (the replications are never paused: see replication.ts). */
  const gate = new Set<{ resolve(): void; reject(error: Error): void }>();
  const whenOnline = (): Promise<void> => {
    if (closed) return Promise.reject(new Error('sincronização encerrada'));
    if (options.connectivity.current().online) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      gate.add({ resolve, reject });
    });
  };
  const openGate = () => {
    for (const waiter of [...gate]) waiter.resolve();
    gate.clear();
  };

  /**
   * Work started outside the replications (refused documents offered again, refusals stored): closing waits for
   * it, since a refusal stored into a database already closing would keep the database from ever closing.
   */
  const background = new Set<Promise<unknown>>();
  const inBackground = (work: Promise<unknown>): void => {
    const tracked = work.catch(() => undefined).finally(() => background.delete(tracked));
    background.add(tracked);
  };

  /** The first measurement of the server's clock (the saved one, or the first pull's): the window's days need it. */
  let offsetKnown: () => void = () => undefined;
  const firstOffset = offsets.saved
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        offsetKnown = resolve;
      });
  /**
   * The fact collections are pulled from the window's first day in the owner's day (server-corrected); a new
   * device's first from today, until it is ready to sell (replication.ts's older part). A pull waits until the
   * server has answered today's cut once (asked again while it has not; the server leaves out only facts its bases
   * hold) and for the server's clock to be known, the catalogue's pulls measuring it meanwhile.
   */
  const pullWindowBounds = async (): Promise<WindowBounds> => {
    await Promise.all([cut.answeredOnce(), firstOffset]);
    if (closed) throw new Error('sincronização encerrada');
    const now = options.clock.correctedNow();
    return { start: (options.windowStartAt ?? windowStart)(now), today: localTimeOf(now, REPORT_TIME_ZONE).date };
  };
  /** Phase 1 is over: every collection's live pull reached the server once (now or in an earlier session). */
  let sellable = firstDownload.readyToSell;

  const replications = new Map<CollectionName, CollectionReplication<unknown>>();
  /**
   * A push the server took changed the rows it derives from that table in the same transaction (the day's rollups,
   * the counters' bases): they are pulled now, not when Realtime says so. The stream is best effort (a socket down
   * for a moment loses what it carried), and the device that sold is the one whose screens show those figures.
   */
  const pullWhatThePushChanged = (name: CollectionName): void => {
    if (rolledUpCollections.has(name)) replications.get('resumos_dia')?.resync();
    if (foldedCollections.has(name)) replications.get('bases_contadores')?.resync();
  };
  const foldsRowsOf = (name: CollectionName): ((stamp: string) => Promise<void>) | undefined => {
    const folded = name === 'bases_contadores' ? foldedCollections : name === 'resumos_dia' ? rolledUpCollections : null;
    if (!folded) return undefined;
    return async (stamp) => {
      await Promise.all([...folded].map((table) => replications.get(table)?.storedThrough(stamp) ?? Promise.resolve()));
    };
  };
  for (const name of collectionNames) {
    replications.set(
      name,
      replicateCollection<unknown>({
        collection: database.collections[name] as unknown as RxCollection<unknown>,
        table: name,
        schema: collectionSchemas[name],
        pullOnly: serverDerivedCollections.has(name),
        // A base (a rollup) is stored only with the fact versions it folds (the server stamps those before it).
        foldsRowsBefore: foldsRowsOf(name),
        // The bases wait for today's cut too: phase 1 then ends with the bases it made, never with older ones.
        pullAfter: name === 'bases_contadores' ? () => cut.answeredOnce() : undefined,
        window: windowedCollections.has(name)
          ? {
              bounds: pullWindowBounds,
              holds: (row, start) => surelyInsideWindow(name, row, start),
              sellable: () => sellable,
            }
          : undefined,
        // The counters read a fact's server stamp: a folded fact pushed here is read back when the pull leaves it out.
        owedEchoes: foldedCollections.has(name) ? owedEchoes : undefined,
        client,
        userId,
        serverUrl: options.serverUrl,
        batchSize: options.batchSize,
        retryTime: options.retryTime,
        wallClock,
        whenOnline,
        onServerOffset(sample) {
          reachedServer = true;
          const best = estimate.add(sample);
          offsets.record(best);
          options.clock.setServerOffset(best.offsetMs);
          offsetKnown();
          lastError.next(null);
        },
        onAccepted(ids) {
          lastError.next(null);
          inBackground(rejected.remove(name, ids));
          pullWhatThePushChanged(name);
        },
        onRejected(refused) {
          inBackground(keepRefused(name, refused));
        },
        onOutdated(refused) {
          const tables = outdatedTables.getValue();
          if (tables.has(name) === refused) return;
          const next = new Set(tables);
          if (refused) next.add(name);
          else next.delete(name);
          outdatedTables.next(next);
        },
      }),
    );
  }
  const states = [...replications.values()].map((replication) => replication.state);
  const ledger = await openPendingLedger(database);
  const pending = trackPending(
    [...replications.entries()]
      .filter(([name]) => !serverDerivedCollections.has(name))
      .map(([name, replication]) => ({
        collection: database.collections[name] as unknown as RxCollection<unknown>,
        state: replication.state as RxReplicationState<unknown, unknown>,
      })),
    {
      initial: ledger.initial,
      onChange: (ids) => {
        ledger.keep(ids);
      },
      checkedThrough: ledger.checkedThrough,
      onChecked: (name, checkpoint) => {
        ledger.checked(name, checkpoint);
      },
    },
  );

  /** Refusals are kept with the document's name; a document deleted before the server ever had it is let go. */
  async function keepRefused(name: CollectionName, refused: readonly RejectedDocument[]): Promise<void> {
    const docs = await database.collections[name].storageInstance.findDocumentsById(
      refused.map((entry) => entry.id),
      true,
    );
    const byId = new Map(docs.map((doc) => [doc.id, doc as unknown as Record<string, unknown>]));
    const kept = refused
      .filter((entry) => {
        const doc = byId.get(entry.id);
        return !(doc?._deleted === true && (doc.server_modified ?? null) === null);
      })
      .map((entry) => ({ ...entry, label: labelOf(byId.get(entry.id)) }));
    if (kept.length > 0) await rejected.add(name, kept);
  }

  const active$ = combineLatest(states.map((state) => state.active$)).pipe(map((flags) => flags.some(Boolean)));
  /** How many collections have pulled up to the server's horizon in this session, and the rows pulls brought. */
  const caughtUp$ = combineLatest([...replications.values()].map((replication) => replication.caughtUp$)).pipe(
    map((flags) => flags.filter(Boolean).length),
  );
  /** How many windowed collections hold their older part (phase 2 of a new device's download). */
  const windowed = [...replications.entries()].filter(([name]) => windowedCollections.has(name));
  const olderPulled$ = combineLatest(windowed.map(([, replication]) => replication.olderPulled$)).pipe(
    map((flags) => flags.filter(Boolean).length),
  );
  const received$ = combineLatest([...replications.values()].map((replication) => replication.received$)).pipe(
    map((counts) => counts.reduce((sum, count) => sum + count, 0)),
  );
  const subscriptions: Subscription[] = [
    merge(...states.map((state) => state.error$)).subscribe(() => {
      lastError.next(wallClock());
    }),
    active$.subscribe((active) => {
      if (!active && reachedServer && options.connectivity.current().online && lastError.getValue() === null) {
        lastSyncedAt.next(new Date(wallClock()).toISOString());
        if (rejected.current().length > 0) inBackground(retryRejected());
      }
    }),
  ];

  /** This tab's own view: exact in the tab that replicates (the leader). */
  /** The first download's progress: the live pulls caught up (phase 1), then the older parts pulled (phase 2). */
  const progressOf = (caughtUp: number, olderPulled: number, received: number): DownloadProgress => ({
    readyToSell: sellable,
    collections: replications.size + windowed.length,
    // Once ready to sell (also in an earlier session), phase 1's parts all count as done.
    caughtUp: (sellable ? replications.size : caughtUp) + olderPulled,
    received,
  });
  // A device in its first download says so from its first answer, before any source has spoken.
  const own = new BehaviorSubject<SyncStatus>({
    ...INITIAL_STATUS,
    download: firstDownload.downloading ? progressOf(0, 0, 0) : null,
    owner: userId,
  });
  subscriptions.push(
    combineLatest([
      options.connectivity.changes,
      active$,
      lastError,
      lastSyncedAt,
      pending.count$,
      rejected.entries$,
      caughtUp$,
      olderPulled$,
      received$,
      outdatedTables,
    ]).subscribe(([connectivity, active, error, syncedAt, pendingCount, refused, caughtUp, olderPulled, received, outdated]) => {
      const allCaughtUp = caughtUp === replications.size;
      if (allCaughtUp && !sellable) {
        // Ready to sell: the windowed collections go on with their older part.
        sellable = true;
        inBackground(firstDownload.sellable());
        for (const [, replication] of windowed) replication.resync();
      }
      const allPulled = allCaughtUp && olderPulled === windowed.length;
      if (allPulled && firstDownload.downloading) inBackground(firstDownload.finish());
      // A failure stays shown until a request succeeds again, even while the replication keeps retrying.
      // Online, the device is catching up until every collection has reached the server's horizon once.
      const phase: SyncPhase = !connectivity.online
        ? 'offline'
        : error !== null
          ? 'error'
          : active || !allCaughtUp
            ? 'syncing'
            : syncedAt !== null
              ? 'completed'
              : 'idle';
      const refusedNotPending = refused.filter(
        (entry) =>
          !pending
            .pendingIds()
            .get(entry.table as CollectionName)
            ?.has(entry.id),
      );
      own.next({
        online: connectivity.online,
        phase,
        pending: pendingCount + refusedNotPending.length,
        rejected: refused.map(describeRefused),
        lastSyncedAt: syncedAt,
        download: firstDownload.downloading ? progressOf(caughtUp, olderPulled, received) : null,
        owner: userId,
        outdated: outdated.size > 0,
      });
    }),
  );

  // The tab that replicates shows its own status and publishes it; the browser's other tabs show the
  // leader's (what is pending is counted there), with their own connection state.
  const status = new BehaviorSubject<SyncStatus>(own.getValue());
  const leader$ = leadershipOf(database);
  subscriptions.push(
    leader$.pipe(filter(Boolean), take(1)).subscribe(() => {
      if (!closed) subscriptions.push(publishStatus(database, own));
    }),
    combineLatest([own, leader$, followSharedStatus(database)]).subscribe(([mine, leading, shared]) => {
      if (leading || !shared) {
        status.next(mine);
        return;
      }
      status.next({
        ...shared,
        outdated: shared.outdated ?? false,
        owner: mine.owner,
        online: mine.online,
        phase: mine.online ? shared.phase : 'offline',
      });
    }),
  );

  /**
   * Offering refused documents again and discarding one run one at a time: a discard must never fall between a retry
   * reading a document and pushing it, or the edit just discarded would reach the server.
   */
  let refusedWork: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const run = refusedWork.then(work);
    refusedWork = run.catch(() => undefined);
    return run;
  }

  /**
   * Offers the refused documents again, after any retry already running. Asked again before a queued retry has
   * started, it answers with that one: a retry reads the documents when it starts, so one is enough, and retries
   * asked for faster than the server answers never pile up.
   */
  let queuedRetry: Promise<void> | null = null;
  function retryRejected(): Promise<void> {
    if (queuedRetry) return queuedRetry;
    const retry = oneAtATime(async () => {
      queuedRetry = null;
      await retryRejectedNow();
    });
    queuedRetry = retry;
    return retry;
  }

  async function retryRejectedNow(): Promise<void> {
    const byTable = new Map<CollectionName, string[]>();
    for (const entry of rejected.current()) {
      const table = entry.table as CollectionName;
      byTable.set(table, [...(byTable.get(table) ?? []), entry.id]);
    }
    for (const [table, ids] of byTable) {
      const replication = replications.get(table);
      if (!replication) continue;
      const docs = await database.collections[table].storageInstance.findDocumentsById(ids, true);
      if (docs.length === 0) {
        await rejected.remove(table, ids);
        continue;
      }
      try {
        const response = await replication.pushAgain(docs);
        // A conflict means the server holds the row by now: the pull brings it and the merge follows.
        if (response.conflicts.length > 0) {
          await rejected.remove(
            table,
            response.conflicts.map((row) => String(row.id)),
          );
          replication.resync();
        }
      } catch {
        lastError.next(wallClock());
      }
    }
  }

  const cut = askForTodaysCut({
    client,
    now: () => options.clock.correctedNow(),
    onAnswer: () => {
      if (!closed) replications.get('bases_contadores')?.resync();
    },
  });

  let started = false;
  /** Started once, online or not, so that the replication's bookkeeping (and the pending count) exists. */
  async function startReplications(): Promise<void> {
    if (started) return;
    started = true;
    await Promise.all(states.map((state) => state.start()));
  }

  async function goOnline(): Promise<void> {
    await startReplications();
    openGate();
    for (const replication of replications.values()) replication.resync();
    void cut.ask();
    if (options.realtime === false || feed) return;
    const token = await options.accessToken?.();
    if (token) await client.realtime.setAuth(token);
    feed = openRealtimeFeed({
      client,
      userId,
      tables: collectionNames,
      onRow(table, row) {
        void replications.get(table as CollectionName)?.receive(row);
      },
      onSubscribed() {
        for (const replication of replications.values()) replication.resync();
      },
    });
  }

  async function goOffline(): Promise<void> {
    // Requests already waiting stay waiting; new ones wait too (whenOnline) until the connection returns.
    await startReplications();
    const closing = feed;
    feed = undefined;
    await closing?.close();
  }

  /** How many "Sincronizar agora" are under way: they pull and retry everything themselves, so the timer waits. */
  let syncingNow = 0;
  const safetyResync = setInterval(() => {
    if (leader && options.connectivity.current().online && !closed && syncingNow === 0) {
      for (const replication of replications.values()) replication.resync();
      if (rejected.current().length > 0) inBackground(retryRejected());
      void cut.askIfDayTurned();
    }
  }, options.resyncIntervalMs ?? 60_000);

  // Only the tab holding the leadership replicates (RxDB's own waitForLeadership applies to autoStart only):
  // the others share its database and see every change at once.
  let applied: boolean | null = null;
  let transition: Promise<void> = Promise.resolve();
  const apply = (online: boolean) => {
    transition = transition
      .then(async () => {
        if (closed || !leader || applied === online) return;
        applied = online;
        await (online ? goOnline() : goOffline());
      })
      .catch(() => {
        lastError.next(wallClock());
      });
  };
  subscriptions.push(
    leader$.pipe(filter(Boolean), take(1)).subscribe(() => {
      leader = true;
      apply(options.connectivity.current().online);
      if (!closed) subscriptions.push(syncRequests(database).subscribe(() => void syncNowHere()));
    }),
    options.connectivity.changes.subscribe((connectivity) => {
      apply(connectivity.online);
    }),
  );

  async function syncNowHere(): Promise<SyncOutcome> {
    if (closed || !options.connectivity.current().online) throw new DataError('offline', { diagnostic: 'sync now' });
    let watching: Subscription | undefined;
    syncingNow += 1;
    const failed = new Promise<never>((_resolve, reject) => {
      watching = merge(...states.map((state) => state.error$)).subscribe((error) => {
        reject(new DataError('internal', { diagnostic: `sync now: ${error.message}` }));
      });
    });
    try {
      for (const replication of replications.values()) replication.resync();
      const retrying = retryRejected();
      inBackground(retrying);
      const inSync = Promise.all([retrying, cut.ask(), ...states.map((state) => state.awaitInSync())]);
      await Promise.race([inSync, failed]);
      // What runs in the background by now; retries the timer asks for later are not waited for.
      await Promise.all([...background]);
    } finally {
      syncingNow -= 1;
      watching?.unsubscribe();
    }
    if (lastError.getValue() !== null) throw new DataError('internal', { diagnostic: 'sync now: a request failed' });
    return outcome();
  }

  /** What the status says now: the refusals, and what still waits besides them. */
  function outcome(): SyncOutcome {
    const check = signOutCheck(own.getValue());
    return { refused: own.getValue().rejected, pending: check.pending };
  }

  function discardRefused(table: string, id: string): Promise<void> {
    return oneAtATime(() => discardRefusedNow(table, id));
  }

  async function discardRefusedNow(table: string, id: string): Promise<void> {
    const name = collectionNames.find((candidate) => candidate === table);
    const entry = rejected.current().find((candidate) => candidate.table === table && candidate.id === id);
    if (!name || !entry) return;
    const doc = await database.collections[name].findOne(id).exec();
    const data = doc?.toJSON() as Record<string, unknown> | undefined;
    if (doc && (data?.server_modified ?? null) === null) {
      await doc.remove();
    } else if (doc) {
      // The server holds a version of it: the device takes that version back.
      if (!options.connectivity.current().online) throw new DataError('offline', { diagnostic: 'discard refused edit' });
      const answer: { data: Record<string, unknown> | null; error: { message: string } | null } = await client
        .from(name)
        .select('*')
        .eq('id', id)
        .maybeSingle();
      if (answer.error || !answer.data)
        throw new DataError('internal', { diagnostic: `discard refused edit: ${answer.error?.message ?? 'no row'}` });
      const server = fromServerRow<Record<string, unknown>>(answer.data, collectionSchemas[name]);
      const { _deleted: deleted, ...restored } = server;
      const written = await doc.incrementalModify(() => restored as never);
      if (deleted) await written.remove();
    }
    await rejected.remove(name, [id]);
  }

  const engine: SyncEngine = {
    status$: status.asObservable(),
    status: () => status.getValue(),
    // Only the leader talks to the server: another tab passes the request on to it.
    syncNow: async () => {
      if (leader) return syncNowHere();
      if (!options.connectivity.current().online) throw new DataError('offline', { diagnostic: 'sync now' });
      await requestSync(database);
      return { refused: status.getValue().rejected, pending: signOutCheck(status.getValue()).pending };
    },
    discardRefused,
    canSignOut: () => signOutCheck(status.getValue()),
    async close() {
      closed = true;
      clearInterval(safetyResync);
      for (const waiter of [...gate]) waiter.reject(new Error('sincronização encerrada'));
      gate.clear();
      offsetKnown();
      await transition;
      for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
      pending.close();
      await ledger.flushed();
      await feed?.close();
      feed = undefined;
      await Promise.all(states.map((state) => state.cancel()));
      while (background.size > 0) await Promise.all([...background]);
    },
  };
  // What only tests inspect stays off the interface the app uses (read through testing.ts).
  registerInternals(engine, {
    replications,
    pending,
    async awaitInSync() {
      await Promise.all(states.map((state) => state.awaitInSync()));
    },
    serverOffset: () => estimate.best()?.offsetMs ?? null,
    serverOffsetSample: () => estimate.best(),
  });
  return engine;
}

/** A refused document as the status reports it: with the reason the owner is shown. */
function describeRefused(entry: RejectedDocument & { table: string; label?: string | null }): RefusedChange {
  return {
    ...entry,
    label: entry.label ?? null,
    reason: refusalReason(entry.code, entry.message),
    suspensionReason: suspensionReason(entry.code, entry.message),
  };
}

/** What the owner calls a document, when it has a name or a description. */
function labelOf(doc: Record<string, unknown> | undefined): string | null {
  const label = doc?.nome ?? doc?.descricao;
  return typeof label === 'string' && label.trim() !== '' ? label : null;
}
