// The device's sales that the daily rollups it holds do not hold yet (docs/growth.md §5), and what they add to each
// day's rollup: the counters' "not yet folded" rule (fold-rule.ts) applied to the rollup rows. A day's row holds the
// server version of a sale stamped no later than itself (the server moves a sale's day rows in the same transaction
// as the sale, after stamping it); a sale written here and not on the server yet, one pulled before its day's row,
// and one edited here over a server version count as (this version − the version the row holds), on each day either
// version falls on. Every sale seen to change is followed until the rows of its days hold it; the followed ones and
// the server versions seen of them are kept in a local document, so a restart still knows what an edit replaced.
import { getChangedDocumentsSince, type RxStorageChangeEvent, type RxStorageInstance } from 'rxdb';
import type { ResumosDiaDoc, VendasDoc } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import { valuesEqual } from '../sync/merge.ts';
import { compareTimestamps } from '../sync/server-time.ts';
import { addSale, type PeriodSums, type SummedSale } from '../reports/day-sums.ts';
import { heldBy, heldVersionOf } from './fold-rule.ts';

/** One version of a sale as the rollups sum it, with the server stamp its document carries (null: never pulled). */
export interface SaleVersion {
  serverModified: string | null;
  deleted: boolean;
  sale: SummedSale;
}

interface Followed {
  id: string;
  current: SaleVersion;
  /** Server versions seen, oldest first: what a day's row holds is among them. */
  served: SaleVersion[];
}

interface Checkpoint {
  id: string;
  lwt: number;
}

interface Stored {
  sales: { id: string; served: SaleVersion[] }[];
  followed: Checkpoint | null;
}

type StoredSale = VendasDoc & { _meta?: { lwt?: number }; _deleted?: boolean };

const KEY = 'rollup-unfolded';
const PAGE = 500;

export interface UnfoldedSales {
  /** Resolves once the sales an earlier run left unfolded, and those written since it saved, are followed. */
  ready: Promise<void>;
  /**
   * Adds to `sums` what the followed sales add to the rollup rows of the days in [from, to] (each day's row stamp
   * given by `rowStamp`, null for a day the device holds no row of), leaving `skip` out (today, counted from its sales).
   */
  addUnfolded(sums: PeriodSums, from: string, to: string, rowStamp: (day: string) => string | null, skip?: string): void;
  /** How many sales are followed (those not known to be held by their days' rows). */
  size(): number;
  close(): Promise<void>;
}

function versionOf(doc: StoredSale, deleted = doc._deleted === true): SaleVersion {
  return {
    serverModified: typeof doc.server_modified === 'string' ? doc.server_modified : null,
    deleted,
    sale: {
      data: doc.data,
      total: doc.total,
      tipo: doc.tipo,
      forma_pagamento: doc.forma_pagamento ?? null,
      ...(doc.pagamentos && doc.pagamentos.length > 0 ? { pagamentos: doc.pagamentos.map((part) => ({ ...part })) } : {}),
      itens: doc.itens.map((item) => ({
        produto_id: item.produto_id,
        quantidade: item.quantidade,
        preco_unitario: item.preco_unitario,
        preco_total: item.preco_total,
        nome_produto: item.nome_produto,
        unidade_produto: item.unidade_produto,
      })),
    },
  };
}

const sameSums = (a: SaleVersion, b: SaleVersion) => a.deleted === b.deleted && valuesEqual(a.sale, b.sale);
const sameStamp = (a: string | null, b: string | null) => compareTimestamps(a, b) === 0;

/** The current version is one the server holds (not an edit made here over it). */
function isServerVersion(sale: Followed): boolean {
  const stamp = sale.current.serverModified;
  return (
    stamp !== null && sale.served.some((version) => sameStamp(version.serverModified, stamp) && sameSums(version, sale.current))
  );
}

/** What the row of a day stamped `holder` holds of the sale: the latest server version before it. */
function heldOf(sale: Followed, holder: string | null): SaleVersion | undefined {
  return heldVersionOf(sale.served, holder);
}

/** The days a sale's versions fall on. */
function daysOf(sale: Followed): Set<string> {
  return new Set([sale.current.sale.data, ...sale.served.map((version) => version.sale.data)]);
}

export interface UnfoldedSalesOptions {
  /** The first day of the window (yyyy-MM-dd): the device receives no rollup row before it, and a report of
   * those days is the server's, so a sale the server holds whose days are all before it has nothing to add. */
  windowStart?: () => string;
}

export function followUnfoldedSales(database: LocalDatabase, options: UnfoldedSalesOptions = {}): UnfoldedSales {
  const sales = new Map<string, Followed>();
  /** The followed sales by the days their versions fall on. */
  const byDay = new Map<string, Set<string>>();
  /** The stamp of each day's row seen (from the rows' own changes and what queries read). */
  const rowStamps = new Map<string, string | null>();
  let followed: Checkpoint | null = null;
  let closed = false;

  /** Follows `sale` (again, after a change that may have moved its days). */
  function keep(sale: Followed): void {
    drop(sale.id);
    sales.set(sale.id, sale);
    for (const day of daysOf(sale)) {
      const ids = byDay.get(day) ?? new Set<string>();
      ids.add(sale.id);
      byDay.set(day, ids);
    }
  }

  function drop(id: string): void {
    const sale = sales.get(id);
    if (!sale) return;
    sales.delete(id);
    for (const day of daysOf(sale)) {
      const ids = byDay.get(day);
      ids?.delete(id);
      if (ids?.size === 0) byDay.delete(day);
    }
  }

  function follow(doc: StoredSale): void {
    const lwt = doc._meta?.lwt;
    if (typeof lwt !== 'number') return;
    if (!followed || lwt > followed.lwt || (lwt === followed.lwt && doc.id > followed.id)) followed = { id: doc.id, lwt };
  }

  /** Every row of the sale's days holds its current version: nothing of it is left to add. */
  function folded(sale: Followed): boolean {
    if (!isServerVersion(sale)) return false;
    const start = options.windowStart?.();
    if (start !== undefined && [...daysOf(sale)].every((day) => day < start)) return true;
    for (const day of daysOf(sale)) if (!heldBy(sale.current.serverModified, rowStamps.get(day) ?? null)) return false;
    return true;
  }

  function observe(doc: StoredSale, previous: StoredSale | undefined, deleted: boolean): void {
    const version = versionOf(doc, deleted);
    const known = sales.get(doc.id);
    // A sale not followed until now was, before this change, as the server gave it (or never seen).
    const before = previous ? versionOf(previous) : undefined;
    const sale: Followed = known
      ? { ...known, served: [...known.served] }
      : { id: doc.id, current: version, served: before && before.serverModified !== null ? [before] : [] };
    const stamp = version.serverModified;
    // A stamp not seen before is a server version; the stamp of a version seen, on other figures, an edit here.
    if (stamp !== null && !sale.served.some((served) => sameStamp(served.serverModified, stamp))) {
      const at = sale.served.findIndex((served) => compareTimestamps(served.serverModified, stamp) > 0);
      sale.served.splice(at === -1 ? sale.served.length : at, 0, version);
    }
    sale.current = version;
    if (folded(sale)) drop(doc.id);
    else keep(sale);
  }

  function rowChanged(row: ResumosDiaDoc & { _deleted?: boolean }): void {
    if (row.produto_id) return;
    rowStamps.set(row.dia, row._deleted === true ? null : (row.server_modified ?? null));
    for (const id of [...(byDay.get(row.dia) ?? [])]) {
      const sale = sales.get(id);
      if (sale && folded(sale)) drop(id);
    }
  }

  /** Saves what the next opening needs; one write at a time, the latest state last. */
  let writing: Promise<void> | undefined;
  let again = false;
  function save(): Promise<void> {
    if (writing) {
      again = true;
      return writing;
    }
    const stored: Stored = {
      sales: [...sales.values()].map((sale) => ({ id: sale.id, served: sale.served })),
      followed,
    };
    writing = database
      .upsertLocal<Stored>(KEY, stored)
      .then(() => undefined)
      .catch(() => undefined)
      .then(() => {
        writing = undefined;
        if (!again) return undefined;
        again = false;
        return save();
      });
    return writing;
  }

  /** The rows of the days the followed sales fall on, once: what they hold is known from then on. */
  async function readRowsOf(days: Set<string>): Promise<void> {
    const unknown = [...days].filter((day) => !rowStamps.has(day));
    if (unknown.length === 0) return;
    const rows = await database.resumos_dia.find({ selector: { dia: { $in: unknown } } }).exec();
    for (const day of unknown) rowStamps.set(day, null);
    for (const row of rows) rowChanged(row.toJSON());
  }

  const buffered: (() => void)[] = [];
  let loaded = false;
  const handle = (apply: () => void) => {
    if (loaded) apply();
    else buffered.push(apply);
  };

  const subscriptions = [
    database.vendas.eventBulks$.subscribe((bulk) => {
      const events = bulk.events as RxStorageChangeEvent<StoredSale>[];
      handle(() => {
        for (const event of events) {
          const doc = event.documentData as StoredSale | undefined;
          if (!doc) continue;
          const previous = event.operation === 'INSERT' ? undefined : (event.previousDocumentData as StoredSale | undefined);
          observe(doc, previous, event.operation === 'DELETE' || doc._deleted === true);
          follow(doc);
        }
        void save();
      });
    }),
    database.resumos_dia.eventBulks$.subscribe((bulk) => {
      const events = bulk.events as RxStorageChangeEvent<ResumosDiaDoc & { _deleted?: boolean }>[];
      handle(() => {
        for (const event of events) {
          const row = event.documentData as (ResumosDiaDoc & { _deleted?: boolean }) | undefined;
          if (row) rowChanged({ ...row, _deleted: event.operation === 'DELETE' || row._deleted === true });
        }
        void save();
      });
    }),
  ];

  const ready = (async () => {
    const stored = (await database.getLocal<Stored>(KEY))?.toJSON().data;
    const storage = database.vendas.storageInstance as unknown as RxStorageInstance<StoredSale, unknown, unknown>;
    if (stored) {
      followed = stored.followed;
      const docs = await storage.findDocumentsById(
        stored.sales.map((sale) => sale.id),
        true,
      );
      const byId = new Map(docs.map((doc) => [doc.id, doc]));
      for (const listed of stored.sales) {
        const doc = byId.get(listed.id);
        if (!doc) continue;
        keep({ id: listed.id, current: versionOf(doc), served: [...listed.served] });
      }
    }
    // What was written after the last save (every sale, on a device that never saved): a page at a time, each
    // left to the sales whose days' rows do not hold them.
    let from: unknown = stored?.followed ?? undefined;
    for (;;) {
      const page = await getChangedDocumentsSince(storage, PAGE, from);
      if (page.documents.length === 0) break;
      for (const doc of page.documents as StoredSale[]) {
        observe(doc, undefined, doc._deleted === true);
        follow(doc);
      }
      await readRowsOf(new Set(byDay.keys()));
      from = page.checkpoint;
    }
    await readRowsOf(new Set(byDay.keys()));
    loaded = true;
    for (const apply of buffered.splice(0)) apply();
    await save();
  })();

  return {
    ready,
    addUnfolded(sums, from, to, rowStamp, skip) {
      const inPeriod = (day: string) => day >= from && day <= to && day !== skip;
      for (const sale of sales.values()) {
        if (![...daysOf(sale)].some(inPeriod)) continue;
        const current = sale.current;
        for (const day of daysOf(sale)) {
          if (!inPeriod(day)) continue;
          const holder = rowStamp(day);
          const held = isServerVersion(sale) && heldBy(current.serverModified, holder) ? current : heldOf(sale, holder);
          if (held === current) continue;
          if (!current.deleted && current.sale.data === day) addSale(sums, current.sale, 1);
          if (held && !held.deleted && held.sale.data === day) addSale(sums, held.sale, -1);
        }
      }
    },
    size: () => sales.size,
    async close() {
      if (closed) return;
      closed = true;
      for (const subscription of subscriptions) subscription.unsubscribe();
      await ready.catch(() => undefined);
      await save();
    },
  };
}
