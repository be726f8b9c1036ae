// Stock and balances on top of the server's bases (docs/growth.md §4). A product's base is a count at its cut and
// a client's an opening balance; the facts at or after the cut are folded by the derived counters as they always
// were; a fact before the cut that its base does not hold yet adds its difference on top of the base.
//
// The server refolds a base in the same transaction as any write before the cut that moves its counter, so a base
// holds the server version of a fact stamped (`server_modified`) no later than itself. The device keeps, per fact,
// the server versions it has seen. A version written here (an insert, an edit, a cancellation) keeps the stamp of
// the version it replaced, or none: it is no server version, and counts as (this version − what the base holds of
// the version it replaced). A fact every base holds adds nothing and is forgotten. A product or client without a
// base counts every fact, as before the bases existed.
import { compareTimestamps } from '../sync/server-time.ts';
import { createDerivedCounters } from './derived-counters.ts';
import {
  balanceKey,
  baseKeyOf,
  baseOf,
  beforeCut,
  contributionTo,
  counterOf,
  heldBy,
  heldVersionOf,
  keysOf,
  sameEffect,
  type CounterBase,
  type FactTable,
  type FactVersion,
} from './fold-rule.ts';
import type { BasesContadoresDoc } from '../../schemas/index.ts';

/** A fact a restart must know again: which one, and the server versions seen of it (oldest first). */
export interface UnfoldedFact {
  table: FactTable;
  id: string;
  served: readonly FactVersion[];
}

export interface BaseCounters {
  /** A base row as stored (a deleted one is dropped); an older version than the one held is ignored. */
  setBase(doc: BasesContadoresDoc & { _deleted?: boolean }): void;
  /** A version of a fact, as stored now; `previous` is the version it replaced, when the change says so. */
  observe(version: FactVersion, previous?: FactVersion): void;
  /** The server versions seen of facts an earlier run had not seen folded (before their documents are observed). */
  restore(facts: readonly UnfoldedFact[]): void;
  /** Runs many changes and recomputes each touched counter once. */
  batch(run: () => void): void;
  stockOf(productId: string): number;
  balanceOf(clientId: string): number;
  takeChanged(): { products: Set<string>; clients: Set<string> };
  /** The latest cut among the bases held, or null without any base. */
  newestCut(): { cutHlc: string; cutMicros: number } | null;
  /**
   * Facts the next run must read again besides those after the newest cut (every fact, without a base): those before
   * it that a base does not hold yet, and those edited here, with the server versions that tell what the bases hold.
   */
  unfolded(): UnfoldedFact[];
  /** Facts held in memory. */
  size(): number;
}

interface Tracked {
  current: FactVersion;
  /** Server versions seen, oldest first: what the bases hold is among them. */
  served: FactVersion[];
  /** Every counter the current or a served version moves. */
  keys: Set<string>;
  /** What the fact adds on top of each base (thousandths), where it is before the cut. */
  deltas: Map<string, number>;
}

const trackedKey = (version: FactVersion) => `${version.table}:${version.fact.id}`;
/** The id under which a base enters the derived counters: never a fact's id (those are UUIDs). */
const baseFactId = (id: string) => `base:${id}`;

export function createBaseCounters(): BaseCounters {
  const counters = createDerivedCounters();
  const bases = new Map<string, CounterBase>();
  const tracked = new Map<string, Tracked>();
  const factsByKey = new Map<string, Set<string>>();
  const deltaSums = new Map<string, number>();
  const restored = new Map<string, readonly FactVersion[]>();
  /** Facts whose current version was written here over a server version (its history must survive a restart). */
  const editedHere = new Set<string>();
  const touchedBases = new Set<string>();
  let newest: CounterBase | undefined;
  let batching = false;

  const isServerVersion = (fact: Tracked): boolean =>
    fact.current.serverModified !== null &&
    fact.served.some(
      (version) =>
        compareTimestamps(version.serverModified, fact.current.serverModified) === 0 && sameEffect(version, fact.current),
    );

  /** The server version the current one is, or the one it was edited from here (its stamp); none if never pulled. */
  function referenceOf(fact: Tracked): FactVersion | undefined {
    const stamp = fact.current.serverModified;
    return stamp === null ? undefined : fact.served.find((version) => compareTimestamps(version.serverModified, stamp) === 0);
  }

  /**
   * What the base holds of the fact for its counter. A base no older than the reference version holds it. A base
   * older than a reference version that moves its counter is about to be folded again (the server refolds a base
   * with every write that moves it): meanwhile it holds the latest version seen before it. A base older than a
   * reference version that leaves its counter alone holds a version that leaves it alone too (any write between
   * them that moved the counter would have refolded the base after it).
   */
  function heldContribution(fact: Tracked, key: string, base: CounterBase): number {
    const reference = referenceOf(fact);
    if (!reference) return 0;
    if (heldBy(reference.serverModified, base.serverModified)) return contributionTo(reference, key, base);
    if (!keysOf(reference).includes(key)) return 0;
    const earlier = heldVersionOf(fact.served, base.serverModified);
    return earlier ? contributionTo(earlier, key, base) : 0;
  }

  function deltaOf(fact: Tracked, key: string, base: CounterBase): number {
    if (!beforeCut(fact.current, base)) return 0;
    return contributionTo(fact.current, key, base) - heldContribution(fact, key, base);
  }

  /** The fact is a server version every base of its counters holds (or leaves alone): it adds nothing, now or later. */
  function heldEverywhere(fact: Tracked): boolean {
    if (!isServerVersion(fact)) return false;
    for (const key of fact.keys) {
      const base = bases.get(key);
      if (!base || !beforeCut(fact.current, base)) return false;
      if (!heldBy(fact.current.serverModified, base.serverModified) && keysOf(fact.current).includes(key)) return false;
    }
    return true;
  }

  function setDelta(fact: Tracked, key: string, value: number): void {
    const previous = fact.deltas.get(key) ?? 0;
    if (previous === value) return;
    if (value === 0) fact.deltas.delete(key);
    else fact.deltas.set(key, value);
    deltaSums.set(key, (deltaSums.get(key) ?? 0) + value - previous);
    touchedBases.add(key);
  }

  function index(key: string, id: string, present: boolean): void {
    let ids = factsByKey.get(key);
    if (present) {
      if (!ids) factsByKey.set(key, (ids = new Set()));
      ids.add(id);
    } else {
      ids?.delete(id);
      if (ids?.size === 0) factsByKey.delete(key);
    }
  }

  const keysOfFact = (fact: Tracked) => new Set([fact.current, ...fact.served].flatMap(keysOf));

  /** Served versions older than one that every base of the fact holds tell nothing more. */
  function prune(fact: Tracked): void {
    const keys = [...keysOfFact(fact)];
    for (let i = fact.served.length - 1; i > 0; i--) {
      const stamp = fact.served[i]?.serverModified ?? null;
      if (
        keys.every((key) => {
          const base = bases.get(key);
          return base !== undefined && heldBy(stamp, base.serverModified);
        })
      ) {
        fact.served.splice(0, i);
        return;
      }
    }
  }

  /** Feeds the derived counters: a fiado sale or a ledger entry before its client's cut is in the base already. */
  function feed(fact: Tracked): void {
    const version = fact.current;
    switch (version.table) {
      case 'vendas': {
        const sale = version.fact;
        const clientBase = sale.cliente_id === null ? undefined : bases.get(balanceKey(sale.cliente_id));
        const folded = clientBase !== undefined && beforeCut(version, clientBase);
        counters.upsertSale(folded ? { ...sale, tipo: 'avista', cliente_id: null } : sale);
        return;
      }
      case 'historico_estoque':
        // Before its product's cut a fact stamps earlier than the base's count: the derived counters skip it.
        counters.upsertStockFact(version.fact);
        return;
      case 'fiado_lancamentos': {
        const clientBase = bases.get(balanceKey(version.fact.cliente_id));
        const folded = clientBase !== undefined && beforeCut(version, clientBase);
        counters.upsertLedgerEntry(folded ? { ...version.fact, deleted: true } : version.fact);
      }
    }
  }

  function forget(id: string, fact: Tracked): void {
    for (const key of fact.keys) {
      setDelta(fact, key, 0);
      index(key, id, false);
    }
    tracked.delete(id);
    editedHere.delete(id);
    const factId = fact.current.fact.id;
    if (fact.current.table === 'vendas') counters.removeSale(factId);
    else if (fact.current.table === 'historico_estoque') counters.removeStockFact(factId);
    else counters.removeLedgerEntry(factId);
  }

  function refresh(id: string, fact: Tracked): void {
    prune(fact);
    if (fact.served.length > 0 && !isServerVersion(fact)) editedHere.add(id);
    else editedHere.delete(id);
    const keys = keysOfFact(fact);
    for (const key of fact.keys) {
      if (keys.has(key)) continue;
      setDelta(fact, key, 0);
      index(key, id, false);
    }
    fact.keys = keys;
    for (const key of keys) {
      index(key, id, true);
      const base = bases.get(key);
      setDelta(fact, key, base ? deltaOf(fact, key, base) : 0);
    }
    if (heldEverywhere(fact)) forget(id, fact);
    else feed(fact);
  }

  /** A base enters the derived counters as a count at its cut (stock) or an opening entry (balance). */
  function writeBase(key: string): void {
    const base = bases.get(key);
    const { kind, id } = counterOf(key);
    const total = (base?.value ?? 0) + (deltaSums.get(key) ?? 0);
    if (kind === 'stock') {
      if (!base) counters.removeStockFact(baseFactId(id));
      else
        counters.upsertStockFact({
          id: baseFactId(id),
          produto_id: id,
          tipo: 'ajuste',
          quantidade: total / 1000,
          hlc: base.cutHlc,
          deleted: false,
        });
    } else if (!base) counters.removeLedgerEntry(baseFactId(id));
    else
      counters.upsertLedgerEntry({
        id: baseFactId(id),
        cliente_id: id,
        tipo: total >= 0 ? 'debito' : 'pagamento',
        valor: Math.abs(total) / 1000,
        deleted: false,
      });
  }

  function batch(run: () => void): void {
    if (batching) {
      run();
      return;
    }
    batching = true;
    try {
      counters.batch(() => {
        run();
        for (const key of touchedBases) writeBase(key);
        touchedBases.clear();
      });
    } finally {
      batching = false;
    }
  }

  function recomputeNewest(): void {
    newest = undefined;
    for (const base of bases.values()) if (!newest || base.cutMicros > newest.cutMicros) newest = base;
  }

  return {
    setBase(doc) {
      batch(() => {
        const key = baseKeyOf(doc);
        const held = bases.get(key);
        if (doc._deleted === true) {
          if (!held) return;
          bases.delete(key);
          recomputeNewest();
        } else {
          const next = baseOf(doc);
          if (held && compareTimestamps(next.serverModified, held.serverModified) < 0) return;
          bases.set(key, next);
          if (!newest || next.cutMicros >= newest.cutMicros) newest = next;
          else if (held === newest) recomputeNewest();
        }
        touchedBases.add(key);
        for (const id of [...(factsByKey.get(key) ?? [])]) {
          const fact = tracked.get(id);
          if (fact) refresh(id, fact);
        }
      });
    },
    observe(version, previous) {
      batch(() => {
        const id = trackedKey(version);
        let fact = tracked.get(id);
        if (!fact) {
          const history = restored.get(id);
          restored.delete(id);
          // A fact not followed until now is one its bases held as the server gave it (or one never seen).
          const served = history ?? (previous && previous.serverModified !== null ? [previous] : []);
          fact = { current: version, served: [...served], keys: new Set(), deltas: new Map() };
          tracked.set(id, fact);
        }
        const stamp = version.serverModified;
        // A stamp not seen before is a server version; the stamp of a version seen, on other numbers, an edit here.
        if (stamp !== null && !fact.served.some((served) => compareTimestamps(served.serverModified, stamp) === 0)) {
          const at = fact.served.findIndex((served) => compareTimestamps(served.serverModified, stamp) > 0);
          fact.served.splice(at === -1 ? fact.served.length : at, 0, version);
        }
        fact.current = version;
        refresh(id, fact);
      });
    },
    restore(facts) {
      for (const fact of facts) restored.set(`${fact.table}:${fact.id}`, fact.served);
    },
    batch,
    stockOf: (id) => counters.stockOf(id),
    balanceOf: (id) => counters.balanceOf(id),
    takeChanged: () => counters.takeChanged(),
    newestCut: () => (newest ? { cutHlc: newest.cutHlc, cutMicros: newest.cutMicros } : null),
    unfolded() {
      const cut = newest;
      const listed = (fact: Tracked): UnfoldedFact => ({
        table: fact.current.table,
        id: fact.current.fact.id,
        served: fact.served,
      });
      // Without a base every fact is read again: only the histories of the edits made here must be kept.
      if (!cut) return [...editedHere].map((id) => listed(tracked.get(id) as Tracked));
      return [...tracked.entries()]
        .filter(([id, fact]) => editedHere.has(id) || beforeCut(fact.current, cut))
        .map(([, fact]) => listed(fact));
    },
    size: () => tracked.size,
  };
}
