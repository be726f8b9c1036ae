// Replication of one collection with the server: RxDB's replication protocol over supabase-js, pulling by
// checkpoint (_modified, id), pushing batches the server takes (split when it says one is too large) in one RPC
// each that checks revisions, and streaming changes from Realtime so other devices' writes appear at once. A
// collection the server alone writes is pulled only. A windowed collection on a new device first pulls from today
// (what the counters need), then its older part (the rest of the window) page by page between its live pulls.
// The server's version of a row it pushed that the windowed pull leaves out is read back by id.
import type { SupabaseClient } from '@supabase/supabase-js';
import { getAssumedMasterState, type RxCollection, type RxReplicationPullStreamItem, type WithDeleted } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { CollectionSchema } from '../../schemas/index.ts';
import type { OwedEchoes } from './owed-echoes.ts';
import { compareTimestamps, measureOffset, type OffsetSample } from './server-time.ts';

/** A place in the server's order of a table's rows (`_modified`, then `id`). */
export interface ReplicationPosition {
  modified: string;
  id: string;
}

/**
 * Where the live pull is, and, while a windowed collection's older part is still to come, how far that part is
 * (absent or null: nothing older to pull, as for a collection the device already held before phases existed).
 */
export interface ReplicationCheckpoint extends ReplicationPosition {
  older?: OlderPart | null;
}

/**
 * The older part of a windowed collection on a new device (docs/growth.md §7). While `narrow`, the live pull asks
 * for the facts from today only and passes the older rows by. Once the device is ready to sell it asks for the whole
 * window, and the rows its narrow pulls passed (every row through `until`) are pulled again from the window's
 * first day, from `after` on; rows after `until` come with the live pull.
 */
export type OlderPart =
  | { readonly narrow: true }
  | { readonly narrow: false; readonly until: ReplicationPosition | null; readonly after: ReplicationPosition | null };

/** A document the server refused (another owner's id, the free plan's cap, an expired trial…). */
export interface RejectedDocument {
  id: string;
  code: string;
  message: string;
}

interface PushResponse {
  conflicts: Record<string, unknown>[];
  rejected: RejectedDocument[];
}

/** Rows asked for in one pull. A new device's window comes in pages of this size: each page is a round trip and a
 * few IndexedDB transactions (the documents, RxDB's record of the server's state, the checkpoint), so pages of 500
 * spent most of a first download waiting between them. The server answers at most 5,000 (replicate_pull). */
const PULL_PAGE = 2000;
/** Documents RxDB hands to one push (cut again to what the server takes, `PushLimits`). */
const PUSH_BATCH = 500;

/** What the server takes in one push: documents, and bytes of the batch. */
export interface PushLimits {
  maxDocuments: number;
  maxBytes: number;
}

/** The server's caps (9002_replication_push_cap.sql) until it answers with its own. */
export const DEFAULT_PUSH_LIMITS: PushLimits = { maxDocuments: 100, maxBytes: 256 * 1024 };

/** The rows in order, cut into batches within `limits`; a row over the byte limit alone is a batch of its own. */
export function pushBatches<Item>(items: readonly Item[], limits: PushLimits, bytesOf: (item: Item) => number): Item[][] {
  const batches: Item[][] = [];
  let batch: Item[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    if (batch.length > 0 && (batch.length >= limits.maxDocuments || bytes + size > limits.maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The limits a refusal of the server states in its details (`{"max_documents": …, "max_bytes": …}`), if any. */
function statedLimits(details: unknown): PushLimits | null {
  if (typeof details !== 'string') return null;
  try {
    const parsed = JSON.parse(details) as { max_documents?: unknown; max_bytes?: unknown };
    const maxDocuments = parsed.max_documents;
    const maxBytes = parsed.max_bytes;
    if (typeof maxDocuments !== 'number' || typeof maxBytes !== 'number' || maxDocuments < 1 || maxBytes < 1) return null;
    return { maxDocuments, maxBytes };
  } catch {
    return null;
  }
}

const utf8 = new TextEncoder();

/** The answers of the parts of one push, as one answer. */
function together(answers: readonly PushResponse[]): PushResponse {
  return { conflicts: answers.flatMap((answer) => answer.conflicts), rejected: answers.flatMap((answer) => answer.rejected) };
}

interface PullResponse {
  documents: Record<string, unknown>[];
  /** The server's clock when it started on the request, and when it answered. */
  started?: string;
  now?: string;
  /** Rows exist past the server's commit horizon: pull again soon. */
  more?: boolean;
  /**
   * Every row stamped before this instant was committed when the server answered; null when a transaction committed
   * while the server answered (the page is then empty and `more` set: ask again).
   */
  horizon?: string | null;
  /** The last row the server passed (a windowed pull passes rows it leaves out), or null when it passed none. */
  checkpoint?: ReplicationPosition | null;
}

type Row = Record<string, unknown>;

/** The pull's refusal of an app older than the table's rows (9007_pull_refuses_older_apps.sql). */
const APP_OUTDATED = 'app_outdated';

export interface CollectionReplicationOptions<Doc> {
  collection: RxCollection<Doc>;
  table: string;
  schema: CollectionSchema;
  client: SupabaseClient;
  /** The signed-in owner: stamped on a document that somehow lacks a real `user_id`. */
  userId: string;
  /** Identifies the server, so a device that switches backend starts over instead of mixing checkpoints. */
  serverUrl: string;
  batchSize?: number;
  /** Wait before retrying after a failed request (RxDB's `retryTime`). */
  retryTime?: number;
  /**
   * Resolves when the device may talk to the server (rejects once sync is closed). Every request waits on it,
   * so a replication started offline simply waits: it is never paused, because RxDB's upstream, when paused
   * mid-push, can store a checkpoint past documents the server never received.
   */
  whenOnline?: () => Promise<void>;
  /** The device clock, to measure the offset against the server's. */
  wallClock?: () => number;
  /** Server time minus device time, measured at each pull, with its error bound. */
  onServerOffset?: (sample: OffsetSample) => void;
  /** Documents the server refused; they stay on the device. */
  onRejected?: (rejected: RejectedDocument[]) => void;
  /** The server refused a pull as this app reads an older version of the table than its rows need (true), or
   * answered one again (false). */
  onOutdated?: (outdated: boolean) => void;
  /** Documents the server accepted in a push. */
  onAccepted?: (ids: string[]) => void;
  /** Written by the server alone (the counters' bases): pulled, never pushed. */
  pullOnly?: boolean;
  /**
   * This collection's rows fold rows of others that the server stamped before them (a base holds the facts it
   * folds): a pulled page is stored only once this resolves for its newest stamp, so the device never holds a
   * base without the versions it folds. Rows seen on Realtime are then pulled instead of streamed.
   */
  foldsRowsBefore?: (stamp: string) => Promise<void>;
  /** Each pull waits for this first (once online). */
  pullAfter?: () => Promise<void>;
  /** A fact collection the device keeps a window of (docs/growth.md §6): pulled from the window's first day. */
  window?: PullWindow;
  /**
   * Where a windowed collection whose copies must carry the server's stamp (the facts the counters fold) keeps the
   * rows whose server version it has not stored yet (owed-echoes.ts); without it, none is followed.
   */
  owedEchoes?: OwedEchoes;
}

/** The days a windowed pull asks from (yyyy-MM-dd, the owner's days). */
export interface WindowBounds {
  /** The window's first day. */
  readonly start: string;
  /** Today: a new device's first pulls ask from here (the server lowers it to its counters' cut). */
  readonly today: string;
}

/** The window of a fact collection: which fact days the pull asks for, and whether a streamed row is inside. */
export interface PullWindow {
  /** The window's days, asked before each pull. */
  bounds(): Promise<WindowBounds>;
  /** Whether the row is surely inside the window starting on `start` (one that may not be is left to the pull). */
  holds(row: Row, start: string): boolean;
  /** True once the device is ready to sell: a new device's older part may be pulled from then on. */
  sellable(): boolean;
}

export interface CollectionReplication<Doc> {
  table: string;
  state: RxReplicationState<Doc, ReplicationCheckpoint>;
  /** Feeds a row seen on Realtime into the replication (the row as the server sent it). */
  receive(row: Row): Promise<void>;
  /** Asks for a pull from the last checkpoint (after a reconnect, or when events may have been missed). */
  resync(): void;
  /** Pushes documents again outside the replication cycle (a rejected one, once its cause may be gone). */
  pushAgain(documents: Row[]): Promise<PushResponse>;
  /**
   * Resolves once every row stamped before `stamp` is stored on the device (pulling again as needed) and the server's
   * version of every row pushed from outside the window is read back, or on cancel.
   */
  storedThrough(stamp: string): Promise<void>;
  /** How many rows pushed from outside the window still wait for their server version to be read back. */
  owedEchoes(): number;
  /** Where the pull stands, for a diagnosis (a test that waits for convergence in vain says why). */
  describe(): ReplicationDescription;
  /** True once, in this session, a pull reached the server's horizon and every page it brought is stored. */
  readonly caughtUp$: Observable<boolean>;
  /** True once nothing older is left to pull (a windowed collection's older part is stored, or there is none). */
  readonly olderPulled$: Observable<boolean>;
  /** How many rows the pulls of this session brought. */
  readonly received$: Observable<number>;
}

/** Where a collection's pull stands: its position, what is due, and what a pass in progress waits for. */
export interface ReplicationDescription {
  readonly live: ReplicationPosition | null;
  readonly liveDue: boolean;
  readonly older: string;
  readonly pass: string;
  /** RxDB's downstream is at work (a pulled page is stored before it says idle). */
  readonly downstreamActive: boolean;
  readonly pulls: number;
  /** Rows Realtime brought to this collection in this session. */
  readonly heard: number;
  readonly storedUntil: string | null;
  readonly waiters: number;
  readonly echoes: number;
}

const HORIZON_RETRY_MS = 250;
/** Ids read back in one request (they travel in its URL). */
const MAX_ECHOES_READ = 100;
/** How long streamed rows wait for company before they are applied (one write for a burst). */
const STREAM_BATCH_MS = 15;

const START_CHECKPOINT: ReplicationCheckpoint = {
  modified: '1970-01-01T00:00:00+00:00',
  id: '00000000-0000-0000-0000-000000000000',
};

/** Server row → device document: keeps the schema's fields, the revision stamp as `server_modified`. */
export function fromServerRow<Doc>(row: Row, schema: CollectionSchema): WithDeleted<Doc> {
  const document: Row = {};
  for (const field of Object.keys(schema.properties)) {
    const value = row[field];
    if (value !== undefined && value !== null) document[field] = value;
    else if (value === null && isNullable(schema.properties[field])) document[field] = null;
  }
  document.server_modified = row._modified ?? null;
  document._deleted = row._deleted === true;
  return document as WithDeleted<Doc>;
}

function isNullable(property: unknown): boolean {
  const type = (property as { type?: unknown } | undefined)?.type;
  return Array.isArray(type) && type.includes('null');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Device document → server row: the revision stamp and the device's bookkeeping stay behind. */
export function toServerRow(document: Row, userId?: string): Row {
  const row: Row = {};
  for (const [field, value] of Object.entries(document)) {
    if (field === 'server_modified' || field === '_meta' || field === '_rev' || field === '_attachments') continue;
    row[field] = value;
  }
  if (userId && (typeof row.user_id !== 'string' || !UUID.test(row.user_id))) row.user_id = userId;
  return row;
}

/** Names a collection's replication with a server (its checkpoints and bookkeeping are kept under it). */
export function replicationIdentifierOf(table: string, serverUrl: string): string {
  return `caderneta-${table}-${serverUrl}`;
}

/** Orders two positions by stamp, then id. */
function comparePositions(a: ReplicationPosition, b: ReplicationPosition): number {
  const byStamp = compareTimestamps(a.modified, b.modified);
  if (byStamp !== 0) return byStamp;
  return a.id === b.id ? 0 : a.id > b.id ? 1 : -1;
}

/** The later of two positions. */
function laterCheckpoint(
  a: ReplicationPosition | undefined,
  b: ReplicationPosition | undefined,
): ReplicationPosition | undefined {
  if (!a || !b) return a ?? b;
  return comparePositions(a, b) >= 0 ? a : b;
}

/** The live position a stored checkpoint holds. */
function positionOf(checkpoint: ReplicationCheckpoint | undefined): ReplicationPosition | undefined {
  return checkpoint ? { modified: checkpoint.modified, id: checkpoint.id } : undefined;
}

export function replicateCollection<Doc>(options: CollectionReplicationOptions<Doc>): CollectionReplication<Doc> {
  const { collection, table, schema, client, userId } = options;
  const batchSize = options.batchSize ?? PUSH_BATCH;
  const pullBatchSize = options.batchSize ?? PULL_PAGE;
  const wallClock = options.wallClock ?? Date.now;
  const stream = new Subject<RxReplicationPullStreamItem<Doc, ReplicationCheckpoint>>();
  let lastCheckpoint: ReplicationPosition | undefined;
  /** The older part still to pull (null: none); undefined until the first pull reads the stored checkpoint. */
  let older: OlderPart | null | undefined;
  /** The live pull has rows to fetch (asked for, or its last page was full): it goes before the older part. */
  let liveDue = true;
  /**
   * Counts the rows streamed before any live pull placed the device (they are pulled, not applied): one heard while
   * a live pull is on its way may have committed after the server read that page.
   */
  let streamedToPull = 0;
  /** The older part's last page was pulled; once the replication is idle it is stored. */
  let olderFinished = false;
  const olderPulled = new BehaviorSubject(false);
  /**
   * Past RxDB's checkpoint: the last row a windowed pull passed when it found none to keep (RxDB stores no
   * checkpoint for an empty page). The rows in between were left out; the next pull starts after them.
   */
  let passedThrough: ReplicationPosition | undefined;
  /** The window's first day at the last pull. */
  let windowStart: string | undefined;
  const inbox = new Map<string, Row>();
  let flushing: Promise<void> | undefined;
  /** Rows stamped before this were all in pulled pages; once the replication is idle, they are stored. */
  let pulledThrough: string | null = null;
  let storedUntil: string | null = null;
  const storedWaiters = new Set<{ stamp: string; resolve(): void }>();
  /** A page came back short with nothing held past the horizon: the server had nothing more when it answered. */
  let reachedHorizon = false;
  const caughtUp = new BehaviorSubject(false);
  const received = new BehaviorSubject(0);
  /** What the pass in progress is doing (a diagnosis reads it), and how many pulls have started. */
  let pass = 'idle';
  let pulls = 0;
  let heard = 0;

  /**
   * The newest master state this device knows for each row (RxDB's assumed master), when it is at least as
   * recent as the row: a pull and the stream may cross, and a late, older version must never roll a
   * document back.
   */
  async function newerKnown(rows: Row[]): Promise<Map<string, WithDeleted<Doc>>> {
    const internal = state.internalReplicationState;
    const known = new Map<string, WithDeleted<Doc>>();
    if (!internal || rows.length === 0) return known;
    const ids = rows.map((row) => String(row.id));
    // A pulled-only collection keeps no master state (nothing is pushed): its documents are the server's.
    const masters: Partial<Record<string, { docData: Row }>> = options.pullOnly
      ? Object.fromEntries(
          (await collection.storageInstance.findDocumentsById(ids, true)).map((doc) => {
            const { _meta: _m, _rev: _r, _attachments: _a, ...fields } = doc as unknown as Row;
            return [String(fields.id), { docData: fields }];
          }),
        )
      : await getAssumedMasterState(internal, ids);
    for (const row of rows) {
      const master = masters[String(row.id)]?.docData;
      if (master && compareTimestamps(row._modified as string, master.server_modified as string | null) <= 0) {
        known.set(String(row.id), master as WithDeleted<Doc>);
      }
    }
    return known;
  }

  const whenOnline = options.whenOnline ?? (() => Promise.resolve());

  /**
   * Rows pushed whose server version is not stored yet. The windowed pull may leave that version out (a copy the
   * device still holds of a fact whose days are before the window, edited or cancelled here; or a row whose days
   * leave the window before its echo comes), so then it is read by id and stored like a pulled row, and the copy
   * carries the server's stamp like any echo (the counters' bases hold it, compaction may drop it). Each row is
   * `sent` from before its push (kept in a local document, so a restart still reads it), `accepted` once the server
   * took it, and `due` once the replication has been idle since (the pushed version recorded as the server's). A
   * due row is settled once its copy carries a newer stamp than the one it was pushed over; one outside the window
   * is read by id first thing in the next pull, one inside waits for the live pull. A live pull that reached the
   * horizon after the row was due passed its server version: when the copy still lacks it (RxDB leaves a pulled
   * version aside while the device's own write of that row is on its way), the row is read by id too, or it would
   * wait for good. Until none is left,
   * `storedThrough` waits: a base that folds the pushed version is stored only with the copy that says so, never
   * beside a copy still counted as the device's own edit.
   */
  type EchoStep = 'sent' | 'accepted' | 'due';
  const echoesKept = options.window ? options.owedEchoes : undefined;
  const echoes = new Map<string, { step: EchoStep; stamp: string | null; passed?: boolean }>(
    (echoesKept?.initial(table) ?? []).map((echo) => [echo.id, { step: 'due', stamp: echo.stamp }]),
  );
  const keepEchoes = (): Promise<void> =>
    echoesKept?.keep(
      table,
      [...echoes].map(([id, echo]) => ({ id, stamp: echo.stamp })),
    ) ?? Promise.resolve();
  async function expectEchoes(rows: readonly PushRow[]): Promise<void> {
    if (!echoesKept || rows.length === 0) return;
    for (const row of rows) {
      const stamp = typeof row.assumed_modified === 'string' ? row.assumed_modified : null;
      echoes.set(String(row.doc.id), { step: 'sent', stamp });
    }
    await keepEchoes();
  }
  function answerEchoes(rows: readonly PushRow[], accepted: ReadonlySet<string>): void {
    let dropped = false;
    for (const row of rows) {
      const id = String(row.doc.id);
      const echo = echoes.get(id);
      if (!echo) continue;
      if (accepted.has(id)) echo.step = 'accepted';
      else dropped = echoes.delete(id) || dropped;
    }
    if (dropped) void keepEchoes().catch(() => undefined);
  }
  const dueEchoes = (): string[] => [...echoes].filter(([, echo]) => echo.step === 'due').map(([id]) => id);

  /**
   * Settles the due rows whose copy carries a newer stamp than the one pushed over (or is gone); of the others, the
   * ids outside the window starting on `start`, to be read by id.
   */
  async function echoesToRead(start: string): Promise<string[]> {
    const window = options.window;
    const due = dueEchoes();
    if (!window || due.length === 0) return [];
    const copies = new Map(
      (await collection.storageInstance.findDocumentsById(due, true)).map((doc): [string, Row] => [
        String((doc as unknown as Row).id),
        doc as unknown as Row,
      ]),
    );
    const toRead: string[] = [];
    let settled = false;
    for (const id of due) {
      const copy = copies.get(id);
      const echo = echoes.get(id);
      if (!copy || !echo || compareTimestamps(copy.server_modified as string | null, echo.stamp) > 0) {
        settled = echoes.delete(id) || settled;
      } else if (echo.passed === true || !window.holds(copy, start)) toRead.push(id);
    }
    if (settled) void keepEchoes().catch(() => undefined);
    return toRead;
  }

  let pushLimits = DEFAULT_PUSH_LIMITS;

  type PushRow = { doc: Row; assumed_modified: unknown };
  const bytesOf = (row: PushRow) => utf8.encode(JSON.stringify(row)).byteLength;

  /** Pushes `rows` in batches the server takes, one after another; their answers together. */
  async function push(rows: PushRow[]): Promise<PushResponse> {
    await expectEchoes(rows);
    const answers: PushResponse[] = [];
    for (const batch of pushBatches(rows, pushLimits, bytesOf)) answers.push(await pushBatch(batch));
    return together(answers);
  }

  /**
   * A batch the server found too large (413: its push cap or the gateway's body limit; or a statement that ran
   * past its timeout) goes again in smaller parts: cut by the limits the server stated, or in halves. A document
   * too large alone stays on the device, refused like any document the server refuses.
   */
  async function pushSmaller(
    rows: PushRow[],
    error: { code?: string; message: string; details?: unknown },
  ): Promise<PushResponse> {
    const [only] = rows;
    if (rows.length === 1 && only) {
      const rejected: RejectedDocument[] = [{ id: String(only.doc.id), code: error.code ?? 'PT413', message: error.message }];
      answerEchoes(rows, new Set());
      options.onRejected?.(rejected);
      return { conflicts: [], rejected };
    }
    const stated = statedLimits(error.details);
    if (stated && (stated.maxDocuments !== pushLimits.maxDocuments || stated.maxBytes !== pushLimits.maxBytes)) {
      pushLimits = stated;
      return push(rows);
    }
    const half = Math.ceil(rows.length / 2);
    return together([await pushBatch(rows.slice(0, half)), await pushBatch(rows.slice(half))]);
  }

  async function pushBatch(rows: PushRow[]): Promise<PushResponse> {
    await whenOnline();
    const result: { data: unknown; error: { code?: string; message: string; details?: unknown } | null; status: number } =
      await client.rpc('replicate_push', { p_table: table, p_rows: rows });
    if (result.error) {
      const timedOut = result.error.code === '57014' && rows.length > 1;
      if (result.status === 413 || timedOut) return pushSmaller(rows, result.error);
      throw new Error(`push ${table}: ${result.error.message}`);
    }
    const response = result.data as PushResponse;
    const refused = new Set(response.rejected.map((rejected) => rejected.id));
    const conflicting = new Set(response.conflicts.map((row) => String(row.id)));
    const accepted = rows.map((row) => String(row.doc.id)).filter((id) => !refused.has(id) && !conflicting.has(id));
    if (accepted.length > 0) options.onAccepted?.(accepted);
    answerEchoes(rows, new Set(accepted));
    if (response.rejected.length > 0) options.onRejected?.(response.rejected);
    return response;
  }

  /** The checkpoint RxDB stores: the live position with the older part's state. */
  function checkpointAt(position: ReplicationPosition | undefined): ReplicationCheckpoint {
    return { ...(position ?? START_CHECKPOINT), older: older ?? null };
  }

  /** The server refused the last pull as this app is older than the table's rows ('app_outdated'). */
  let outdated = false;
  /** Asks the server for a page after `from`, with the window's first day `desde` when windowed. */
  async function pullPage(from: ReplicationPosition | undefined, limit: number, desde: string | undefined) {
    pulls += 1;
    pass = `pulling after ${from?.modified ?? 'start'}`;
    const sentAt = wallClock();
    const response: { data: unknown; error: Error | null } = await client.rpc('replicate_pull', {
      p_table: table,
      p_after_modified: from?.modified ?? null,
      p_after_id: from?.id ?? null,
      p_limit: limit,
      ...(desde === undefined ? {} : { p_desde: desde }),
      // The version of the table's rows this app reads: the server refuses rows it would misread.
      p_versao: schema.version,
    });
    const receivedAt = wallClock();
    if (response.error) {
      if (response.error.message === APP_OUTDATED) {
        outdated = true;
        options.onOutdated?.(true);
      }
      throw new Error(`pull ${table}: ${response.error.message}`);
    }
    outdated = false;
    options.onOutdated?.(false);
    const data = response.data as PullResponse;
    if (data.now) options.onServerOffset?.(measureOffset({ started: data.started, now: data.now }, sentAt, receivedAt));
    if (data.documents.length > 0) received.next(received.getValue() + data.documents.length);
    return data;
  }

  /** The page's rows as documents, a row never rolling back a newer version the device knows. */
  async function documentsOf(rows: Row[]): Promise<WithDeleted<Doc>[]> {
    const newest = rows.reduce<string | null>(
      (kept, row) => (compareTimestamps(row._modified as string, kept) > 0 ? (row._modified as string) : kept),
      null,
    );
    if (newest && options.foldsRowsBefore) {
      pass = `folding through ${newest}`;
      await options.foldsRowsBefore(newest);
    }
    const known = await newerKnown(rows);
    return rows.map((row) => known.get(String(row.id)) ?? fromServerRow<Doc>(row, schema));
  }

  /** The live pull: every row after `from` (inside the window from `desde` when windowed). */
  async function pullLive(from: ReplicationPosition | undefined, size: number, desde: string | undefined) {
    const streamedBefore = streamedToPull;
    const dueBefore = dueEchoes();
    const data = await pullPage(from, size, desde);
    const rows = data.documents;
    if (rows.length < size && data.more !== true) {
      for (const id of dueBefore) {
        const echo = echoes.get(id);
        if (echo?.step === 'due') echo.passed = true;
      }
    }
    const last = rows.at(-1);
    const next =
      (options.window ? data.checkpoint : undefined) ?? (last ? { modified: String(last._modified), id: String(last.id) } : from);
    if (next) lastCheckpoint = next;
    // A row streamed while this page was on its way may have committed after the server read it: the live pull
    // stays due, or the older part's pages would go first and end where this one began, and nothing would pull it.
    liveDue = rows.length >= size || data.more === true || streamedToPull !== streamedBefore;
    if (rows.length < size && data.more !== true) reachedHorizon = true;
    if (options.window && rows.length === 0 && next) passedThrough = laterCheckpoint(next, passedThrough);
    // A page that is not full holds every row up to the horizon; a full one every row before its last.
    const through = rows.length < size ? data.horizon : (last?._modified as string | undefined);
    if (through && compareTimestamps(through, pulledThrough) > 0) pulledThrough = through;
    if (data.more === true && rows.length < size) {
      // A transaction in flight held the checkpoint back: what it commits must still be pulled.
      setTimeout(pullLiveSoon, HORIZON_RETRY_MS);
    }
    // The older part goes on once this pull has stored its page.
    if (!liveDue && older && !older.narrow) stream.next('RESYNC');
    // The page keeps its length (it tells the replication whether more pages follow).
    return { documents: await documentsOf(rows), checkpoint: checkpointAt(next) };
  }

  /**
   * One page of the older part, stored with the live position unchanged. It asks for one row less than a full
   * page, so the replication ends its pass after it: what Realtime streamed and the live pull go in between.
   */
  async function pullOlder(
    part: Extract<OlderPart, { narrow: false }>,
    live: ReplicationPosition | undefined,
    size: number,
    desde: string,
  ) {
    if (part.until === null) {
      // The narrow pulls passed no row: the live pull brings them all.
      older = null;
      olderFinished = true;
      return { documents: [], checkpoint: checkpointAt(live) };
    }
    const limit = Math.max(1, size - 1);
    const data = await pullPage(part.after ?? undefined, limit, desde);
    const rows = data.documents;
    if (data.horizon === null) {
      // The server could not say what was final: the same page again, shortly.
      setTimeout(() => {
        stream.next('RESYNC');
      }, HORIZON_RETRY_MS);
      return { documents: [], checkpoint: checkpointAt(live) };
    }
    const last = rows.at(-1);
    const passed = data.checkpoint ?? (last ? { modified: String(last._modified), id: String(last.id) } : part.after);
    // A short page passed every row up to the server's horizon, which is past `until` (an earlier pull passed it).
    const done = rows.length < limit || (passed !== null && comparePositions(passed, part.until) >= 0);
    older = done ? null : { ...part, after: passed };
    if (done) olderFinished = true;
    else stream.next('RESYNC');
    return { documents: await documentsOf(rows), checkpoint: checkpointAt(live) };
  }

  /**
   * The server's version of rows pushed that the pull leaves out, read by id and stored with the live position
   * unchanged, one row short of a full page so the replication ends its pass after it; the pass that follows goes
   * on with what was due (more echoes, the live pull, the older part).
   */
  async function pullEchoes(ids: readonly string[], live: ReplicationPosition | undefined) {
    const answer: { data: unknown; error: Error | null } = await client
      .from(table)
      .select('*')
      .in('id', [...ids]);
    if (answer.error) throw new Error(`echo ${table}: ${answer.error.message}`);
    for (const id of ids) echoes.delete(id);
    void keepEchoes().catch(() => undefined);
    stream.next('RESYNC');
    return { documents: await documentsOf(answer.data as Row[]), checkpoint: checkpointAt(live) };
  }

  /** Asks for a live pull (the older part waits behind it). */
  function pullLiveSoon(): void {
    liveDue = true;
    stream.next('RESYNC');
  }

  const state = replicateRxCollection<Doc, ReplicationCheckpoint>({
    collection,
    replicationIdentifier: replicationIdentifierOf(table, options.serverUrl),
    live: true,
    retryTime: options.retryTime ?? 5000,
    waitForLeadership: true,
    // The engine starts it once this tab holds the leadership; it is never paused (see `whenOnline`).
    autoStart: false,
    toggleOnDocumentVisible: false,
    deletedField: '_deleted',
    pull: {
      batchSize: pullBatchSize,
      stream$: stream.asObservable(),
      handler: async (checkpoint, size) => {
        await whenOnline();
        await options.pullAfter?.();
        const bounds = options.window ? await options.window.bounds() : undefined;
        windowStart = bounds?.start;
        // A collection never pulled before starts narrow when windowed; a stored checkpoint says where it was.
        older ??= checkpoint ? (checkpoint.older ?? null) : options.window ? { narrow: true } : null;
        if (older === null && !olderPulled.getValue()) olderPulled.next(true);
        const from = laterCheckpoint(positionOf(checkpoint), passedThrough);
        if (older?.narrow && options.window?.sellable()) {
          // Every row the narrow pulls passed is at or before `from`: the older part pulls those again.
          older = { narrow: false, until: from ?? null, after: null };
        }
        const toRead = bounds ? await echoesToRead(bounds.start) : [];
        if (toRead.length > 0) return pullEchoes(toRead.slice(0, Math.min(MAX_ECHOES_READ, Math.max(1, size - 1))), from);
        if (bounds && older && !older.narrow && !liveDue) return pullOlder(older, from, size, bounds.start);
        return pullLive(from, size, bounds && older?.narrow ? bounds.today : bounds?.start);
      },
    },
    push: options.pullOnly
      ? undefined
      : {
          batchSize,
          handler: async (rows) => {
            const response = await push(
              rows.map((row) => ({
                doc: toServerRow(row.newDocumentState as Row, userId),
                assumed_modified: (row.assumedMasterState as Row | undefined)?.server_modified ?? null,
              })),
            );
            return response.conflicts.map((row) => fromServerRow<Doc>(row, schema));
          },
        },
  });

  function settleStored(): void {
    storedUntil = pulledThrough;
    // A base that folds a version pushed here waits for its echo too (`echoes`).
    if (echoes.size === 0)
      for (const waiter of [...storedWaiters]) {
        if (compareTimestamps(storedUntil, waiter.stamp) <= 0) continue;
        storedWaiters.delete(waiter);
        waiter.resolve();
      }
    // The horizon was held back by a transaction in flight: pull again until it passes.
    if (storedWaiters.size > 0) setTimeout(pullLiveSoon, HORIZON_RETRY_MS);
  }
  // Idle means every page pulled so far is stored.
  state.active$.subscribe((active) => {
    if (active) return;
    pass = 'idle';
    settleStored();
    // The pushes answered are recorded now: their server versions may be read back. A row left for the live pull
    // is looked at again after it (the pull that brings it settles it at the next look).
    let accepted = false;
    for (const echo of echoes.values())
      if (echo.step === 'accepted') {
        echo.step = 'due';
        accepted = true;
      }
    if (accepted) stream.next('RESYNC');
    else if (dueEchoes().length > 0) setTimeout(pullLiveSoon, HORIZON_RETRY_MS);
    if (reachedHorizon && !caughtUp.getValue()) caughtUp.next(true);
    if (olderFinished && older === null && !olderPulled.getValue()) olderPulled.next(true);
  });
  state.canceled$.subscribe((canceled) => {
    if (canceled !== true) return;
    for (const waiter of storedWaiters) waiter.resolve();
    storedWaiters.clear();
  });

  return {
    table,
    state,
    caughtUp$: caughtUp.asObservable(),
    olderPulled$: olderPulled.asObservable(),
    received$: received.asObservable(),
    owedEchoes: () => echoes.size,
    describe: () => ({
      live: lastCheckpoint ?? null,
      liveDue,
      older: older === undefined ? 'unknown' : older === null ? 'none' : older.narrow ? 'narrow' : 'pulling',
      pass,
      downstreamActive: state.internalReplicationState?.events.active.down.getValue() ?? false,
      pulls,
      heard,
      storedUntil,
      waiters: storedWaiters.size,
      echoes: echoes.size,
    }),
    storedThrough(stamp) {
      if (compareTimestamps(storedUntil, stamp) > 0 && echoes.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        storedWaiters.add({ stamp, resolve });
        pullLiveSoon();
      });
    },
    receive(row) {
      heard += 1;
      // The checkpoint does not move on a streamed row: a slower transaction may still commit an earlier
      // `_modified`, and only the pull (bounded by the server's horizon) may advance past it.
      const outside = options.window && (windowStart === undefined || !options.window.holds(row, windowStart));
      // A row of a table this app is too old for goes to the pull too, which refuses it until the app is updated.
      if (!lastCheckpoint || options.foldsRowsBefore || outside || outdated) {
        if (!lastCheckpoint) streamedToPull += 1;
        pullLiveSoon();
        return Promise.resolve();
      }
      // Rows arriving together (another device's batch, or the echo of ours) go to the database together.
      const id = String(row.id);
      const queued = inbox.get(id);
      if (!queued || compareTimestamps(row._modified as string, queued._modified as string) > 0) inbox.set(id, row);
      flushing ??= new Promise<void>((resolve) => {
        setTimeout(() => {
          const rows = [...inbox.values()];
          inbox.clear();
          flushing = undefined;
          void newerKnown(rows)
            .then((known) => {
              const fresh = rows.filter((candidate) => !known.has(String(candidate.id)));
              if (fresh.length > 0 && lastCheckpoint) {
                stream.next({
                  documents: fresh.map((doc) => fromServerRow<Doc>(doc, schema)),
                  checkpoint: checkpointAt(lastCheckpoint),
                });
              }
            })
            .finally(resolve);
        }, STREAM_BATCH_MS);
      });
      return flushing;
    },
    resync() {
      pullLiveSoon();
    },
    pushAgain(documents) {
      return push(documents.map((doc) => ({ doc: toServerRow(doc, userId), assumed_modified: doc.server_modified ?? null })));
    },
  };
}
