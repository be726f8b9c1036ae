// The owner's collections replicated with one paired device, with RxDB's replication protocol: one device is
// the master (it answers with its storage, RxDB's own storage-to-handler bridge) and the other the fork (RxDB's
// replication, whose conflicts go through the same handler as with the server). Everything received is checked
// before it is written: another owner's document, or one the local schema refuses, ends the link as refused.
import {
  getChangedDocumentsSince,
  rxStorageInstanceToReplicationHandler,
  type RxCollection,
  type RxReplicationHandler,
  type RxReplicationPullStreamItem,
  type RxStorageInstance,
  type RxReplicationWriteToMasterRow,
  type WithDeleted,
} from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { getValidator } from 'rxdb/plugins/validate-ajv';
import {
  BehaviorSubject,
  Subject,
  EMPTY,
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  filter,
  firstValueFrom,
  map,
  merge,
  of,
  startWith,
  switchMap,
  type Observable,
  type Subscription,
} from 'rxjs';
import { collectionNames, collectionSchemas, type CollectionName } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import { trackPending, type PendingTracker } from '../sync/pending.ts';
import { PeerRefusal, type BytePort, type LinkState, type PeerLink, openLink } from './link.ts';

/** Who answers and who asks: decided by the two devices' names, so it never depends on who showed the code. */
export type PeerRole = 'master' | 'fork';
export const roleOf = (device: string, peerDevice: string): PeerRole => (device < peerDevice ? 'master' : 'fork');

/** Documents per request: a batch of sales with their lines stays far below a data channel message's limit. */
const BATCH_SIZE = 40;
/** More rows than a fork ever sends in one write: a peer that sends more is not one of ours. */
const MAX_ROWS = 500;
/** What this app's collections look like, told in the handshake: `vendas:3,produtos:2,…`. */
export const DATA_VERSIONS = collectionNames.map((name) => `${name}:${collectionSchemas[name].version}`).join(',');
/** Wait before a failed request is tried again (the link may be back by then). */
const RETRY_MS = 1000;
/** Counting stops here per collection: past it the exact number tells the owner nothing more. */
const PENDING_COUNT_CAP = 2000;

type Row = Record<string, unknown>;
type Checkpoint = unknown;

/**
 * A streamed change carries a whole write, whose documents share one `lwt`; its checkpoint names one of them, not
 * necessarily the last in `(lwt, id)` order. What was streamed is every document of that `lwt`.
 */
function wholeWrite(checkpoint: Checkpoint): Checkpoint {
  const point = checkpoint as { lwt?: unknown } | null | undefined;
  return typeof point?.lwt === 'number' ? { id: '\uffff', lwt: point.lwt } : checkpoint;
}

/**
 * The later of two storage checkpoints (RxDB's `{ id, lwt }`): an answer to a pull that started before the stream
 * delivered newer changes must not move what the fork has back.
 */
function laterCheckpoint(kept: Checkpoint, next: Checkpoint): Checkpoint {
  const a = kept as { id?: unknown; lwt?: unknown } | null | undefined;
  const b = next as { id?: unknown; lwt?: unknown } | null | undefined;
  if (typeof a?.lwt !== 'number' || typeof b?.lwt !== 'number') return next ?? kept;
  if (a.lwt !== b.lwt) return a.lwt > b.lwt ? kept : next;
  return String(a.id) > String(b.id) ? kept : next;
}

const validators = new Map<CollectionName, (doc: Row) => unknown[]>();
function validatorOf(name: CollectionName): (doc: Row) => unknown[] {
  let validator = validators.get(name);
  if (!validator) {
    validator = getValidator(collectionSchemas[name] as never) as (doc: Row) => unknown[];
    validators.set(name, validator);
  }
  return validator;
}

/** A document from the other device, held to the rules a local write meets: this owner's, and valid. */
export function assertAcceptable(name: CollectionName, owner: string, doc: unknown): void {
  if (typeof doc !== 'object' || doc === null) throw new PeerRefusal(`${name}: not a document`);
  const { _deleted: deleted, _meta: _m, _rev: _r, _attachments: _a, ...fields } = doc as Row;
  if (fields.user_id !== owner) throw new PeerRefusal(`${name}: another owner's document`);
  if (typeof deleted !== 'boolean') throw new PeerRefusal(`${name}: no deletion flag`);
  const errors = validatorOf(name)(fields);
  if (errors.length > 0) throw new PeerRefusal(`${name}: ${JSON.stringify(errors[0])}`);
}

function assertPage(name: CollectionName, owner: string, page: unknown): void {
  if (page === 'RESYNC') return;
  const documents = (page as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(documents)) throw new PeerRefusal(`${name}: not a page`);
  for (const doc of documents) assertAcceptable(name, owner, doc);
}

/** Checks a page the other device sent; one that fails ends the link as refused, and the error goes on. */
function acceptPage(link: PeerLink, name: CollectionName, owner: string, page: unknown): void {
  try {
    assertPage(name, owner, page);
  } catch (error) {
    link.end('recusado');
    throw error;
  }
}

export interface PeerReplicationOptions {
  database: LocalDatabase;
  owner: string;
  device: string;
  peerDevice: string;
  wallClock?: () => number;
}

export interface PeerSessionView {
  readonly peerDevice: string;
  readonly state: LinkState | 'aguardando';
  readonly lastExchange: number | null;
  /** Changes on this device the other one does not have yet. */
  readonly toSend: number;
  /** Changes on the other device this one does not have yet, as it last said (null before it says). */
  readonly toReceive: number | null;
}

/** Everything about one paired device for as long as this worker lives: its links come and go. */
export interface PeerSession {
  readonly peerDevice: string;
  readonly role: PeerRole;
  readonly view$: Observable<PeerSessionView>;
  /** Takes a new channel to the device (a first pairing or a reconnection) and authenticates it. */
  connect(port: BytePort, secret: string): PeerLink;
  /** Ends the current link, telling the other device. */
  end(): void;
  close(): Promise<void>;
  /** The fork's replication states (tests wait on them). */
  readonly replications: readonly RxReplicationState<unknown, Checkpoint>[];
}

export function openPeerSession(options: PeerReplicationOptions): PeerSession {
  const { database, owner, device, peerDevice } = options;
  const role = roleOf(device, peerDevice);
  const link$ = new BehaviorSubject<PeerLink | null>(null);
  const toSend$ = new BehaviorSubject(0);
  const lastExchange$ = new BehaviorSubject<number | null>(null);
  /** The master handed the fork more of its changes: what it still lacks is counted again. */
  const delivered$ = new Subject<void>();
  const subscriptions: Subscription[] = [];
  const replications: RxReplicationState<unknown, Checkpoint>[] = [];
  let tracker: PendingTracker | undefined;
  const collections = collectionNames.map((name) => ({
    name,
    collection: database.collections[name] as unknown as RxCollection<Row>,
  }));

  /** The current link while it is authenticated, null otherwise. */
  const liveLink$ = link$.pipe(
    switchMap((link) => (link ? link.state$.pipe(map((state) => (state === 'conectado' ? link : null))) : of(null))),
  );
  /** The link once it is authenticated: requests wait here while there is none. */
  const connectedLink = () => firstValueFrom(liveLink$.pipe(filter((link): link is PeerLink => link !== null)));

  // The master answers with its storage; what it has delivered tells what the fork still lacks.
  const masters = new Map<string, { handler: RxReplicationHandler<Row, Checkpoint>; delivered: Checkpoint }>();
  if (role === 'master') {
    for (const { name, collection } of collections) {
      masters.set(name, {
        handler: rxStorageInstanceToReplicationHandler(collection.storageInstance, collection.conflictHandler, database.token),
        delivered: undefined,
      });
    }
  }

  async function answer(collection: string, method: string, params: unknown[]): Promise<unknown> {
    const master = masters.get(collection);
    if (!master) throw new PeerRefusal(`no ${collection} here`);
    const name = collection as CollectionName;
    if (method === 'changesSince') {
      const [checkpoint, size] = params;
      const page = await master.handler.masterChangesSince(checkpoint, Math.min(Number(size) || BATCH_SIZE, MAX_ROWS));
      master.delivered = laterCheckpoint(master.delivered, page.checkpoint);
      delivered$.next();
      return page;
    }
    if (method === 'write') {
      const rows = params[0];
      if (!Array.isArray(rows) || rows.length > MAX_ROWS) throw new PeerRefusal(`${name}: bad write`);
      for (const row of rows as RxReplicationWriteToMasterRow<Row>[]) {
        assertAcceptable(name, owner, row.newDocumentState);
        if (row.assumedMasterState) assertAcceptable(name, owner, row.assumedMasterState);
      }
      return master.handler.masterWrite(rows as RxReplicationWriteToMasterRow<Row>[]);
    }
    throw new PeerRefusal(`unknown method ${method}`);
  }

  async function masterPending(): Promise<number> {
    let total = 0;
    for (const { name, collection } of collections) {
      const page = await getChangedDocumentsSince(
        collection.storageInstance as RxStorageInstance<Row, unknown, unknown>,
        PENDING_COUNT_CAP,
        masters.get(name)?.delivered as never,
      );
      total += page.documents.length;
    }
    return total;
  }

  if (role === 'master') {
    // Streams every change to the fork while linked, starting with a call to catch up from its checkpoint.
    subscriptions.push(
      liveLink$
        .pipe(
          switchMap((link) => {
            if (!link) return EMPTY;
            for (const { name } of collections) link.emit(name, 'RESYNC');
            return merge(
              ...[...masters].map(([name, master]) =>
                master.handler.masterChangeStream$.pipe(map((event) => ({ link, name, master, event }))),
              ),
            );
          }),
        )
        .subscribe(({ link, name, master, event }) => {
          if (event !== 'RESYNC') {
            master.delivered = laterCheckpoint(master.delivered, wholeWrite(event.checkpoint));
            delivered$.next();
          }
          link.emit(name, event);
        }),
      merge(...collections.map(({ collection }) => collection.storageInstance.changeStream()), link$, liveLink$, delivered$)
        .pipe(
          debounceTime(100),
          switchMap(() => masterPending()),
        )
        .subscribe((count) => {
          toSend$.next(count);
        }),
    );
  } else {
    for (const { name, collection } of collections) {
      const stream$: Observable<RxReplicationPullStreamItem<Row, Checkpoint>> = liveLink$.pipe(
        switchMap((link) =>
          link
            ? link.stream(name).pipe(
                filter((event) => {
                  try {
                    acceptPage(link, name, owner, event);
                    return true;
                  } catch {
                    return false;
                  }
                }),
                map((event) => event as RxReplicationPullStreamItem<Row, Checkpoint>),
                startWith('RESYNC' as const),
              )
            : EMPTY,
        ),
      );
      const state = replicateRxCollection<Row, Checkpoint>({
        collection,
        replicationIdentifier: `caderneta-peer-${name}-${peerDevice}`,
        live: true,
        retryTime: RETRY_MS,
        waitForLeadership: false,
        autoStart: true,
        toggleOnDocumentVisible: false,
        deletedField: '_deleted',
        pull: {
          batchSize: BATCH_SIZE,
          stream$,
          handler: async (checkpoint, size) => {
            const link = await connectedLink();
            const page = await link.request(name, 'changesSince', [checkpoint ?? null, size]);
            acceptPage(link, name, owner, page);
            return page as { documents: WithDeleted<Row>[]; checkpoint: Checkpoint };
          },
        },
        push: {
          batchSize: BATCH_SIZE,
          handler: async (rows) => {
            const link = await connectedLink();
            const conflicts = await link.request(name, 'write', [rows]);
            acceptPage(link, name, owner, { documents: conflicts });
            return conflicts as WithDeleted<Row>[];
          },
        },
      });
      replications.push(state as unknown as RxReplicationState<unknown, Checkpoint>);
    }
    tracker = trackPending(
      collections.map(({ collection }, index) => ({
        collection: collection as RxCollection<unknown>,
        state: replications[index] as RxReplicationState<unknown, unknown>,
      })),
    );
    subscriptions.push(
      tracker.count$.subscribe((count) => {
        toSend$.next(count);
      }),
    );
  }

  // Each side tells the other how much it still has to send; and when documents last crossed.
  subscriptions.push(
    combineLatest([liveLink$, toSend$]).subscribe(([link, count]) => link?.reportPending(count)),
    link$.pipe(switchMap((link) => link?.lastExchange$ ?? EMPTY)).subscribe((time) => {
      if (time !== null) lastExchange$.next(time);
    }),
  );

  const view$: Observable<PeerSessionView> = combineLatest([
    link$.pipe(switchMap((link) => (link ? link.state$ : of('aguardando' as const)))),
    link$.pipe(switchMap((link) => (link ? link.theirPending$ : of(null)))),
    toSend$,
    lastExchange$,
  ]).pipe(
    map(([state, toReceive, toSend, lastExchange]) => ({ peerDevice, state, toReceive, toSend, lastExchange })),
    distinctUntilChanged(
      (a, b) => a.state === b.state && a.toReceive === b.toReceive && a.toSend === b.toSend && a.lastExchange === b.lastExchange,
    ),
  );

  return {
    peerDevice,
    role,
    view$,
    replications,
    connect(port, secret) {
      link$.getValue()?.end();
      const link = openLink({
        port,
        owner,
        device,
        peerDevice,
        secret,
        dataVersions: DATA_VERSIONS,
        wallClock: options.wallClock,
        onRequest: (collection, method, params) => answer(collection, method, params),
      });
      link$.next(link);
      return link;
    },
    end() {
      link$.getValue()?.end();
    },
    async close() {
      link$.getValue()?.end();
      // Requests still waiting for a link give up (their replication is being cancelled).
      link$.complete();
      for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
      tracker?.close();
      await Promise.all(replications.map((state) => state.cancel()));
    },
  };
}
