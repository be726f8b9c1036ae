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

export function trackPending(tracked: readonly Tracked[]): PendingTracker {
  const pending = new Map<string, Set<string>>();
  const count = new BehaviorSubject(0);
  const subscriptions: Subscription[] = [];
  let closed = false;

  const publish = () => {
    let total = 0;
    for (const ids of pending.values()) total += ids.size;
    if (total !== count.getValue()) count.next(total);
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
      const doc = byId.get(id);
      const master = masters[id];
      const isPending = doc !== undefined && (!master || !valuesEqual(comparable(master.docData), comparable(doc)));
      if (isPending) set.add(id);
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
    let checkpoint: unknown = undefined;
    for (;;) {
      const page = await getChangedDocumentsSince(entry.collection.storageInstance, 1000, checkpoint);
      if (page.documents.length === 0) break;
      await enqueue(page.documents.map((doc) => String((doc as Doc).id)));
      checkpoint = page.checkpoint;
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
