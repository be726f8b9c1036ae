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
type Queue = (ids: readonly string[]) => Promise<void>;

export interface PendingTracker {
  readonly count$: Observable<number>;
  current(): number;
  /** Ids of pending documents per collection (for diagnostics and tests). */
  pendingIds(): Map<string, Set<string>>;
  close(): void;
}

export interface PendingOptions {
  /** What was pending when the device last counted (kept across restarts): the count from the first moment. */
  initial?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Each new answer, per collection (to be kept for the next start). */
  onChange?: (pending: ReadonlyMap<string, ReadonlySet<string>>) => void;
}

/** True when the device holds a version of the document the server does not have. */
function isUnsent(doc: Doc | undefined, master: Doc | undefined): boolean {
  if (doc === undefined) return false;
  // Deleted before it ever reached the server: there is nothing to send (a discarded refused document).
  if (doc._deleted === true && (doc.server_modified ?? null) === null) return false;
  if (!master) return true;
  return !valuesEqual(comparable(master), comparable(doc));
}

export function trackPending(tracked: readonly Tracked[], options: PendingOptions = {}): PendingTracker {
  const pending = new Map<string, Set<string>>([...(options.initial ?? [])].map(([name, ids]) => [name, new Set(ids)]));
  const total = () => [...pending.values()].reduce((sum, ids) => sum + ids.size, 0);
  const count = new BehaviorSubject(total());
  const subscriptions: Subscription[] = [];
  let closed = false;

  const publish = () => {
    options.onChange?.(pending);
    const now = total();
    if (now !== count.getValue()) count.next(now);
  };

  async function recheck({ collection, state }: Tracked, ids: readonly string[]): Promise<void> {
    const internal = state.internalReplicationState;
    if (!internal || ids.length === 0 || closed) return;
    const unique = [...new Set(ids)];
    const [docs, masters] = await Promise.all([
      collection.storageInstance.findDocumentsById(unique, true),
      getAssumedMasterState(internal, unique),
    ]);
    const set = pending.get(collection.name) ?? new Set<string>();
    pending.set(collection.name, set);
    const byId = new Map(docs.map((doc) => [String((doc as Doc).id), doc as Doc]));
    for (const id of unique) {
      const master = masters[id] as { docData: Doc } | undefined;
      if (isUnsent(byId.get(id), master?.docData)) set.add(id);
      else set.delete(id);
    }
    publish();
  }

  function queueFor(entry: Tracked): Queue {
    let tail: Promise<void> = Promise.resolve();
    return (ids) => {
      tail = tail.then(() => recheck(entry, ids)).catch(() => undefined);
      return tail;
    };
  }

  async function start(entry: Tracked): Promise<void> {
    const enqueue = queueFor(entry);
    await entry.state.startPromise;
    const internal = entry.state.internalReplicationState;
    const meta = entry.state.metaInstance;
    if (!internal || !meta || closed) return;
    const changedIds = merge(
      entry.collection.storageInstance.changeStream().pipe(map((batch) => batch.events.map((event) => event.documentId))),
      meta.changeStream().pipe(
        map((batch) =>
          batch.events
            .map((event) => event.documentData as { isCheckpoint?: string; itemId?: string } | undefined)
            .filter((data) => data?.isCheckpoint === '0' && typeof data.itemId === 'string')
            .map((data) => String(data?.itemId)),
        ),
      ),
    );
    subscriptions.push(
      changedIds
        .pipe(
          bufferTime(20),
          map((batches) => batches.flat()),
          filter((ids) => ids.length > 0),
        )
        .subscribe((ids) => void enqueue(ids)),
    );
    // Everything already on the device, once: documents written before this start may still be pending.
    const seen = new Set<string>();
    let checkpoint: unknown = undefined;
    for (;;) {
      const page = await getChangedDocumentsSince(entry.collection.storageInstance, 1000, checkpoint);
      if (page.documents.length === 0) break;
      const ids = page.documents.map((doc) => String((doc as Doc).id));
      for (const id of ids) seen.add(id);
      await enqueue(ids);
      checkpoint = page.checkpoint;
    }
    // What the last count kept of documents no longer on the device.
    const kept = pending.get(entry.collection.name);
    const gone = [...(kept ?? [])].filter((id) => !seen.has(id));
    if (gone.length > 0) {
      for (const id of gone) kept?.delete(id);
      publish();
    }
  }

  for (const entry of tracked) void start(entry);

  return {
    count$: count.asObservable(),
    current: () => count.getValue(),
    pendingIds: () => new Map([...pending].map(([name, ids]) => [name, new Set(ids)])),
    close() {
      closed = true;
      for (const subscription of subscriptions.splice(0)) subscription.unsubscribe();
    },
  };
}
