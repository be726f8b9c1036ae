// Keeps stock and balances in step with the device database, on top of the server's bases (base-counters.ts):
// every base, sale, stock fact and ledger entry written here or arriving from the server updates them, and the UI
// follows them live. Opening reads the bases, the facts since the newest cut and the facts an earlier run had not
// seen folded (kept in a local document): the cost of the catalogue and of a day, whatever the history. Without any
// base (a device that never synced one) it reads every fact, as before the bases existed.
import { getChangedDocumentsSince, type RxCollection, type RxStorageChangeEvent, type RxStorageInstance } from 'rxdb';
import { Observable, Subject, type Subscription } from 'rxjs';
import type { BasesContadoresDoc } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import { createBaseCounters, type UnfoldedFact } from './base-counters.ts';
import { FACT_TABLES, versionOf, type FactTable, type FactVersion } from './fold-rule.ts';

export interface LiveCounters {
  stockOf(productId: string): number;
  balanceOf(clientId: string): number;
  stock$(productId: string): Observable<number>;
  balance$(clientId: string): Observable<number>;
  /** The products and clients whose stock or balance moved, after each change: a fact, an edit, or a base the
   * server folded (a base can arrive after the facts it sits under, and moves every figure built on it). */
  changes$: Observable<CounterChange>;
  /** Resolves once the bases and the facts they do not hold are counted. */
  ready: Promise<void>;
  /** What opening read: base rows and fact documents (bounded by the catalogue and a day once bases exist). */
  readAtOpen(): { bases: number; facts: number };
  /** Stops following and saves what the next opening needs. */
  close(): Promise<void>;
}

export interface CounterChange {
  readonly products: ReadonlySet<string>;
  readonly clients: ReadonlySet<string>;
}

export interface CounterFeeds {
  /** Every HLC seen on a fact, so later local events order after it. */
  onHlc?: (hlc: string) => void;
}

/** Where a run leaves the facts the next one must read again, and how far it had followed each collection. */
const KEY = 'counter-unfolded';
/** Documents followed past the last save before it is written again: what a hard stop makes the next opening reread. */
const SAVE_EVERY = 500;
/** Ledger entries are read from a day before the cut: timestamps written with another offset still fall inside. */
const LEDGER_MARGIN_MS = 86_400_000;

interface Checkpoint {
  id: string;
  lwt: number;
}

interface Stored {
  facts: UnfoldedFact[];
  /** Per fact collection, the last change followed when this was saved. */
  followed: Partial<Record<FactTable, Checkpoint>>;
}

type StoredDoc = Record<string, unknown> & { _meta?: { lwt?: number }; _deleted?: boolean };

export function followCounters(database: LocalDatabase, feeds: CounterFeeds = {}): LiveCounters {
  const state = createBaseCounters();
  const changed = new Subject<{ products: Set<string>; clients: Set<string> }>();
  const followed: Partial<Record<FactTable, Checkpoint>> = {};
  const read = { bases: 0, facts: 0 };
  let sinceSave = 0;
  let lastSaved = '';
  let loaded = false;
  let closed = false;
  const buffered: (() => void)[] = [];
  const collections = {
    vendas: database.vendas,
    historico_estoque: database.historico_estoque,
    fiado_lancamentos: database.fiado_lancamentos,
  } as unknown as Record<FactTable, RxCollection<StoredDoc>>;

  const publish = () => {
    const batch = state.takeChanged();
    if (batch.products.size > 0 || batch.clients.size > 0) changed.next(batch);
  };

  function follow(table: FactTable, doc: StoredDoc): void {
    const lwt = doc._meta?.lwt;
    const id = String(doc.id);
    const last = followed[table];
    if (typeof lwt === 'number' && (!last || lwt > last.lwt || (lwt === last.lwt && id > last.id))) followed[table] = { id, lwt };
    sinceSave += 1;
  }

  function observe(table: FactTable, doc: StoredDoc, previous?: StoredDoc, deleted = doc._deleted === true): void {
    const version = versionOf(table, doc, deleted);
    if (version.table !== 'fiado_lancamentos') feeds.onHlc?.(version.fact.hlc);
    const before: FactVersion | undefined = previous ? versionOf(table, previous) : undefined;
    state.observe(version, before);
    follow(table, doc);
  }

  /** Saves the facts the next opening must read again; writes one at a time, the latest state last. */
  let saving: Promise<void> | undefined;
  let again = false;
  function save(force = false): Promise<void> {
    const facts = state.unfolded();
    const listed = JSON.stringify(facts);
    if (!force && listed === lastSaved && sinceSave < SAVE_EVERY) return saving ?? Promise.resolve();
    if (saving) {
      again = true;
      return saving;
    }
    lastSaved = listed;
    sinceSave = 0;
    saving = database
      .upsertLocal<Stored>(KEY, { facts, followed: { ...followed } })
      .then(() => undefined)
      .catch(() => undefined)
      .then(() => {
        saving = undefined;
        if (again) {
          again = false;
          return save(true);
        }
        return undefined;
      });
    return saving;
  }

  function handle(apply: () => void): void {
    if (!loaded) {
      buffered.push(apply);
      return;
    }
    state.batch(apply);
    publish();
    void save();
  }

  const subscriptions: Subscription[] = FACT_TABLES.map((table) =>
    // Bulks, not single events: a pull of thousands of sales recomputes each product once.
    collections[table].eventBulks$.subscribe((bulk) => {
      const events = bulk.events as RxStorageChangeEvent<StoredDoc>[];
      handle(() => {
        for (const event of events) {
          const doc = event.documentData as StoredDoc | undefined;
          if (!doc) continue;
          const previous = event.operation === 'INSERT' ? undefined : (event.previousDocumentData as StoredDoc | undefined);
          observe(table, doc, previous, event.operation === 'DELETE' || doc._deleted === true);
        }
      });
    }),
  );
  subscriptions.push(
    database.bases_contadores.eventBulks$.subscribe((bulk) => {
      const events = bulk.events as RxStorageChangeEvent<BasesContadoresDoc & { _deleted?: boolean }>[];
      handle(() => {
        for (const event of events) {
          const doc = event.documentData as (BasesContadoresDoc & { _deleted?: boolean }) | undefined;
          if (doc) state.setBase({ ...doc, _deleted: event.operation === 'DELETE' || doc._deleted === true });
        }
      });
    }),
  );

  async function readAll(table: FactTable): Promise<StoredDoc[]> {
    const docs = await collections[table].find().exec();
    return docs.map((doc) => doc.toJSON(true) as StoredDoc);
  }

  /** The facts at or after the cut, by the index on their time. */
  async function readSince(table: FactTable, cut: { cutHlc: string; cutMicros: number }): Promise<StoredDoc[]> {
    const selector =
      table === 'fiado_lancamentos'
        ? { created_at: { $gte: new Date(cut.cutMicros / 1000 - LEDGER_MARGIN_MS).toISOString() } }
        : { hlc: { $gte: cut.cutHlc } };
    const docs = await collections[table].find({ selector }).exec();
    return docs.map((doc) => doc.toJSON(true) as StoredDoc);
  }

  /** Documents by id, deleted ones too (a cancellation not on the server yet still counts). */
  async function readByIds(table: FactTable, ids: string[]): Promise<StoredDoc[]> {
    if (ids.length === 0) return [];
    return await collections[table].storageInstance.findDocumentsById(ids, true);
  }

  /** Documents written after the last save (a run stopped before it could save them). */
  async function readChangedSince(table: FactTable, checkpoint: Checkpoint | undefined): Promise<StoredDoc[]> {
    if (!checkpoint) return [];
    const storage = collections[table].storageInstance as unknown as RxStorageInstance<StoredDoc, unknown, unknown>;
    const out: StoredDoc[] = [];
    let from: unknown = checkpoint;
    for (;;) {
      const page = await getChangedDocumentsSince(storage, 500, from);
      if (page.documents.length === 0) return out;
      out.push(...(page.documents as StoredDoc[]));
      from = page.checkpoint;
    }
  }

  const ready = (async () => {
    const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
    // Followed from where the last run left off: the facts read below never move it back (today's facts may sit
    // before the older part of the window in the database's order, as a new device pulls them first).
    Object.assign(followed, stored?.followed);
    const bases = (await database.bases_contadores.find().exec()).map((doc) => doc.toJSON(true));
    read.bases = bases.length;
    state.batch(() => {
      for (const base of bases) state.setBase(base);
    });
    const cut = state.newestCut();
    const docs: [FactTable, StoredDoc][] = [];
    for (const table of FACT_TABLES) {
      const listed = (stored?.facts ?? []).filter((fact) => fact.table === table);
      state.restore(listed);
      const seen = new Set<string>();
      const batches = [
        cut ? await readSince(table, cut) : await readAll(table),
        await readByIds(
          table,
          listed.map((fact) => fact.id),
        ),
        await readChangedSince(table, stored?.followed[table]),
      ];
      for (const doc of batches.flat()) {
        if (seen.has(String(doc.id))) continue;
        seen.add(String(doc.id));
        docs.push([table, doc]);
      }
    }
    read.facts = docs.length;
    state.batch(() => {
      for (const [table, doc] of docs) observe(table, doc);
      loaded = true;
      for (const apply of buffered.splice(0)) apply();
    });
    publish();
    await save(true);
  })();

  const watch = (kind: 'products' | 'clients', id: string, value: () => number) =>
    new Observable<number>((subscriber) => {
      subscriber.next(value());
      const subscription = changed.subscribe((batch) => {
        if (batch[kind].has(id)) subscriber.next(value());
      });
      return () => {
        subscription.unsubscribe();
      };
    });

  return {
    stockOf: (id) => state.stockOf(id),
    balanceOf: (id) => state.balanceOf(id),
    stock$: (id) => watch('products', id, () => state.stockOf(id)),
    balance$: (id) => watch('clients', id, () => state.balanceOf(id)),
    changes$: changed.asObservable(),
    ready,
    readAtOpen: () => ({ ...read }),
    async close() {
      if (closed) return;
      closed = true;
      for (const subscription of subscriptions) subscription.unsubscribe();
      changed.complete();
      await ready.catch(() => undefined);
      await save(true);
    },
  };
}
