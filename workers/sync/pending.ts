// Counts the changes saved on this device that the server does not have yet: a document is pending while
// its local state differs from the master state the replication last confirmed (RxDB's meta instance).
import { getAssumedMasterState, getChangedDocumentsSince, type RxCollection } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { BehaviorSubject, bufferTime, filter, merge, map, type Observable, type Subscription } from 'rxjs';
import { SERVER_FIELDS } from '../db/merge-rules.ts';
import { valuesEqual, type Doc } from './merge.ts';

const IGNORED: ReadonlySet<string> = new Set([...SERVER_FIELDS, '_meta', '_rev', '_attachments']);

/** A document's fields that travel to the server (the bookkeeping left out). */
export function comparable(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([field]) => !IGNORED.has(field)));
}

interface Tracked {
  collection: RxCollection<unknown>;
  state: RxReplicationState<unknown, unknown>;
}

/** One collection's rechecks run one after another: a slow, older one must never overwrite a newer answer. */
type Queue = (ids: readonly string[], settled?: readonly string[]) => Promise<void>;

/** A recheck of what was written up to `seen` (the count of writes made here at the time it was asked for). */
interface Recheck {
  ids: readonly string[];
  settled: readonly string[];
  seen: number;
}

/** The context of RxDB's own writes of pulled master states to the meta instance (replication-protocol). */
const DOWNSTREAM_META_WRITE = 'replication-down-write-meta';

/** Changes seen together: documents to check, and documents the pull wrote as the server has them. */
interface Changes {
  ids: string[];
  settled: string[];
  /** The storage checkpoint of the document writes among them (absent: none). */
  checkpoint?: unknown;
}

export interface PendingTracker {
  readonly count$: Observable<number>;
  current(): number;
  /** Ids of pending documents per collection (for diagnostics and tests). */
  pendingIds(): Map<string, Set<string>>;
  /** Settles when every collection's start-up check is over (or was cut short by closing). */
  readonly checkedAtStart: Promise<void>;
  close(): void;
}

export interface PendingOptions {
  /** What was pending when the device last counted (kept across restarts): the count from the first moment. */
  initial?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each new answer, per collection (to be kept for the next start). */
  onChange?: (pending: ReadonlyMap<string, ReadonlySet<string>>) => void;
  /**
   * Where each collection's start-up check ended last time (kept across restarts with `initial`): the documents
   * unchanged since then were checked then, so only those pending then and those changed since are checked again.
   * Without it every document on the device is checked at each start.
   */
  checkedThrough?: ReadonlyMap<string, unknown>;
  /** A collection's start-up check has reached `checkpoint` (to be kept for the next start). */
  onChecked?: (collection: string, checkpoint: unknown) => void;
}

/** Deleted before it ever reached the server: there is nothing to send, whatever the server holds. */
function deletedBeforeSent(doc: Doc | undefined): boolean {
  return doc !== undefined && doc._deleted === true && (doc.server_modified ?? null) === null;
}

/** True when the device holds a version of the document the server does not have. */
function isUnsent(doc: Doc | undefined, master: Doc | undefined): boolean {
  if (doc === undefined) return false;
  if (deletedBeforeSent(doc)) return false;
  if (!master) return true;
  return !valuesEqual(comparable(master), comparable(doc));
}

export function trackPending(tracked: readonly Tracked[], options: PendingOptions = {}): PendingTracker {
  const pending = new Map<string, Set<string>>([...(options.initial ?? [])].map(([name, ids]) => [name, new Set(ids)]));
  const total = () => [...pending.values()].reduce((sum, ids) => sum + ids.size, 0);
  const count = new BehaviorSubject(total());
  const subscriptions: Subscription[] = [];
  /** Writes made on this device so far, and the number of each document's last one: a recheck asked for before a
   * document's last write must not clear it (the recheck asked for after that write decides). */
  let writes = 0;
  const lastWrite = new Map<string, number>();
  let closed = false;
  /** Read after an await (a closing may have happened meanwhile). */
  const isClosed = () => closed;

  const publish = () => {
    options.onChange?.(pending);
    const now = total();
    if (now !== count.getValue()) count.next(now);
  };

  /** A document written here is pending from the moment it is saved until a recheck finds the server has it: the
   * count never shows less than the device holds unsent, not even in the instant before the recheck runs. */
  const written = (name: string, ids: readonly string[]) => {
    const set = pending.get(name) ?? new Set<string>();
    pending.set(name, set);
    for (const id of ids) {
      writes += 1;
      lastWrite.set(id, writes);
      set.add(id);
    }
    const now = total();
    if (now !== count.getValue()) count.next(now);
  };

  /** The documents' writes up to `seen` are decided: only later ones need remembering. */
  const forgetWritesUpTo = (ids: readonly string[], seen: number) => {
    for (const id of ids) if ((lastWrite.get(id) ?? 0) <= seen) lastWrite.delete(id);
  };

  /** Documents the pull wrote (`settled`, as the server has them: nothing to send) leave the pending set without
   * being read; `ids` are read and compared with the server's state the replication last confirmed. */
  async function recheck({ collection, state }: Tracked, { ids, settled, seen }: Recheck): Promise<void> {
    const internal = state.internalReplicationState;
    if (!internal || closed) return;
    const set = pending.get(collection.name) ?? new Set<string>();
    pending.set(collection.name, set);
    /** Written here after this recheck was asked for: a later recheck decides. */
    const writtenSince = (id: string) => (lastWrite.get(id) ?? 0) > seen;
    for (const id of settled) if (!writtenSince(id)) set.delete(id);
    if (ids.length === 0) {
      forgetWritesUpTo(settled, seen);
      if (settled.length > 0) publish();
      return;
    }
    const unique = [...new Set(ids)];
    const [docs, masters] = await Promise.all([
      collection.storageInstance.findDocumentsById(unique, true),
      getAssumedMasterState(internal, unique),
    ]);
    const byId = new Map(docs.map((doc) => [String((doc as Doc).id), doc as Doc]));
    for (const id of unique) {
      const master = masters[id] as { docData: Doc } | undefined;
      if (isUnsent(byId.get(id), master?.docData)) set.add(id);
      else if (!writtenSince(id)) set.delete(id);
    }
    forgetWritesUpTo([...settled, ...unique], seen);
    publish();
  }

  function queueFor(entry: Tracked): Queue {
    let tail: Promise<void> = Promise.resolve();
    return (ids, settled = []) => {
      const asked: Recheck = { ids, settled, seen: writes };
      tail = tail.then(() => recheck(entry, asked)).catch(() => undefined);
      return tail;
    };
  }

  async function start(entry: Tracked): Promise<void> {
    const enqueue = queueFor(entry);
    await entry.state.startPromise;
    const internal = entry.state.internalReplicationState;
    const meta = entry.state.metaInstance;
    if (!internal || !meta || closed) return;
    const pulled = await internal.downstreamBulkWriteFlag;
    const name = entry.collection.name;
    let checkedAtStart = false;
    // A pull writes the server's state to the document and then to the replication's record of it: neither needs
    // reading (a first download writes the whole window), but a document pending here may be settled by the second.
    const changedIds = merge(
      entry.collection.storageInstance.changeStream().pipe(
        map((batch): Changes => {
          const ids = batch.events.map((event) => event.documentId);
          if (batch.context === pulled) return { ids: [], settled: ids, checkpoint: batch.checkpoint };
          // A document deleted before it ever reached the server (a refused one discarded) has nothing to send.
          written(
            name,
            batch.events
              .filter((event) => !deletedBeforeSent(event.documentData as Doc | undefined))
              .map((event) => event.documentId),
          );
          return { ids, settled: [], checkpoint: batch.checkpoint };
        }),
      ),
      meta.changeStream().pipe(
        map((batch): Changes => {
          const ids = batch.events
            .map((event) => event.documentData as { isCheckpoint?: string; itemId?: string } | undefined)
            .filter((data) => data?.isCheckpoint === '0' && typeof data.itemId === 'string')
            .map((data) => String(data?.itemId));
          const held = pending.get(name);
          return { ids: batch.context === DOWNSTREAM_META_WRITE ? ids.filter((id) => held?.has(id) === true) : ids, settled: [] };
        }),
      ),
    );
    subscriptions.push(
      changedIds
        .pipe(
          bufferTime(20),
          map((batches) => ({
            ids: batches.flatMap((one) => one.ids),
            settled: batches.flatMap((one) => one.settled),
            checkpoint: batches.findLast((one) => one.checkpoint !== undefined)?.checkpoint,
          })),
          filter((changes) => changes.ids.length > 0 || changes.settled.length > 0),
        )
        .subscribe((changes) => {
          void enqueue(changes.ids, changes.settled).then(() => {
            // Once the start-up check is over, every change up to these writes has been looked at (unless closing
            // cut the look short: the next start looks again).
            if (!closed && checkedAtStart && changes.checkpoint !== undefined) options.onChecked?.(name, changes.checkpoint);
          });
        }),
    );
    let checkpoint = options.checkedThrough?.get(name);
    // Since the last start's check: those pending then (sent since, or gone from the device) and those changed
    // since. The first start checks everything already on the device.
    const since = checkpoint !== undefined;
    if (since) await enqueue([...(pending.get(name) ?? [])]);
    const seen = new Set<string>();
    for (;;) {
      const page = await getChangedDocumentsSince(entry.collection.storageInstance, 1000, checkpoint);
      if (page.documents.length === 0) break;
      const ids = page.documents.map((doc) => String((doc as Doc).id));
      for (const id of ids) seen.add(id);
      await enqueue(ids);
      // Closed meanwhile: what this page looked at may have been cut short, so its checkpoint is not kept.
      if (isClosed()) return;
      checkpoint = page.checkpoint;
      options.onChecked?.(name, checkpoint);
    }
    checkedAtStart = true;
    if (since) return;
    // What the last count kept of documents no longer on the device.
    const kept = pending.get(name);
    const gone = [...(kept ?? [])].filter((id) => !seen.has(id));
    if (gone.length > 0) {
      for (const id of gone) kept?.delete(id);
      publish();
    }
  }

  const started = Promise.all(tracked.map((entry) => start(entry))).then(() => undefined);

  return {
    count$: count.asObservable(),
    current: () => count.getValue(),
    pendingIds: () => new Map([...pending].map(([name, ids]) => [name, new Set(ids)])),
    checkedAtStart: started,
    close() {
      closed = true;
      for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
    },
  };
}
