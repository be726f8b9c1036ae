// The counters on top of bases (workers/ledger/base-counters.ts) against a model of the server's bases: a device
// that inserts, edits and cancels facts offline, pushes them (meeting conflicts), pulls other devices' writes and the
// bases (a base only with the fact versions it folds, as the sync engine stores them), and restarts from what it
// saved, shows what folding every fact it holds would show wherever it can know what its bases hold, and the
// server's numbers once synced.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BasesContadoresDoc } from '../../schemas/index.ts';
import { createBaseCounters, type BaseCounters } from '../../workers/ledger/base-counters.ts';
import { createDerivedCounters } from '../../workers/ledger/derived-counters.ts';
import { keysOf, sameEffect, versionOf, type FactTable } from '../../workers/ledger/fold-rule.ts';
import { hlcAt } from '../db/helpers.ts';

type Doc = Record<string, unknown> & { id: string; server_modified?: string | null; _deleted?: boolean };
type BaseDoc = BasesContadoresDoc & { _deleted?: boolean };

const T0 = Date.UTC(2026, 0, 10, 3);
const MINUTE = 60_000;
const PRODUCTS = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
const CLIENTS = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2'];
const ALL_KEYS = [...PRODUCTS.map((id) => `estoque:${id}`), ...CLIENTS.map((id) => `saldo:${id}`)];

type Fact =
  | { kind: 'sale'; product: number; quantity: number; client: number | null }
  | { kind: 'entry' | 'count'; product: number; quantity: number }
  | { kind: 'debit' | 'payment'; client: number; amount: number };

const factArbitrary: fc.Arbitrary<Fact> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    product: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 5000 }).map((n) => n / 1000),
    client: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constantFrom('entry' as const, 'count' as const),
    product: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({
    kind: fc.constantFrom('debit' as const, 'payment' as const),
    client: fc.integer({ min: 0, max: 1 }),
    amount: fc.integer({ min: 1, max: 9999 }).map((n) => n / 100),
  }),
);

type Step =
  | { op: 'local'; fact: Fact; minute: number }
  | { op: 'edit'; pick: number; fact: Fact }
  | { op: 'cancel'; pick: number }
  | { op: 'other'; fact: Fact; minute: number }
  | { op: 'otherEdit'; pick: number; fact: Fact }
  | { op: 'push' | 'pullFacts' | 'pullBases' | 'restart' }
  | { op: 'advance'; minutes: number };

const minute = fc.integer({ min: 0, max: 4 * 24 * 60 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('local' as const), fact: factArbitrary, minute }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), fact: factArbitrary }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('other' as const), fact: factArbitrary, minute }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('otherEdit' as const), pick: fc.nat(), fact: factArbitrary }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constantFrom('push' as const, 'pullFacts' as const, 'pullBases' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.integer({ min: 1, max: 36 * 60 }) }) },
);

const tableOf = (fact: Fact): FactTable =>
  fact.kind === 'sale' ? 'vendas' : fact.kind === 'entry' || fact.kind === 'count' ? 'historico_estoque' : 'fiado_lancamentos';

/** A fact's document as the app stores it (the fields the counters read), at `hlc` / `at`. */
function docOf(id: string, fact: Fact, hlc: string, at: number): Doc {
  switch (fact.kind) {
    case 'sale': {
      const cliente = fact.client === null ? null : (CLIENTS[fact.client] as string);
      return {
        id,
        hlc,
        tipo: cliente ? 'fiado' : 'avista',
        cliente_id: cliente,
        total: Math.round(fact.quantity * 700) / 100,
        itens: [{ produto_id: PRODUCTS[fact.product] as string, quantidade: fact.quantity }],
      };
    }
    case 'entry':
    case 'count':
      return {
        id,
        hlc,
        produto_id: PRODUCTS[fact.product],
        tipo: fact.kind === 'count' ? 'ajuste' : 'entrada',
        quantidade: fact.quantity,
      };
    case 'debit':
    case 'payment':
      return {
        id,
        cliente_id: CLIENTS[fact.client],
        tipo: fact.kind === 'debit' ? 'debito' : 'pagamento',
        valor: fact.amount,
        created_at: new Date(at).toISOString(),
      };
  }
}

const timeOf = (table: FactTable, doc: Doc) =>
  table === 'fiado_lancamentos' ? Date.parse(String(doc.created_at)) : Number.parseInt(String(doc.hlc).slice(0, 11), 36);

/** Folding every fact, as the device did before the bases (the old, trusted derivation). */
function foldAll(docs: Iterable<{ table: FactTable; doc: Doc }>) {
  const counters = createDerivedCounters();
  for (const { table, doc } of docs) {
    const version = versionOf(table, doc);
    if (version.table === 'vendas') counters.upsertSale(version.fact);
    else if (version.table === 'historico_estoque') counters.upsertStockFact(version.fact);
    else counters.upsertLedgerEntry(version.fact);
  }
  return counters;
}

/** The server: every version of every fact with its stamp, the cut and the bases, written as 0023 writes them. */
function createServer() {
  const facts = new Map<string, { table: FactTable; versions: { stamp: string; doc: Doc }[] }>();
  const bases = new Map<string, BaseDoc>();
  let cut: number | null = null;
  let clock = 0;
  const nextStamp = () => new Date(T0 + 10 * 86_400_000 + ++clock).toISOString();
  const current = () =>
    [...facts.values()].map((fact) => ({ table: fact.table, doc: (fact.versions.at(-1) as { doc: Doc }).doc }));

  function refold(key: string): void {
    if (cut === null) return;
    const before = current().filter(({ table, doc }) => timeOf(table, doc) < (cut as number));
    const [tipo, ref] = key.split(':') as ['estoque' | 'saldo', string];
    const counters = foldAll(before);
    let lastCount = '';
    if (tipo === 'estoque')
      for (const { table, doc } of before)
        if (table === 'historico_estoque' && doc.tipo === 'ajuste' && doc.produto_id === ref && doc._deleted !== true)
          if (String(doc.hlc) > lastCount) lastCount = String(doc.hlc);
    const stamp = nextStamp();
    bases.set(key, {
      id: `${ref.slice(0, 35)}${tipo === 'estoque' ? 'e' : 's'}`,
      user_id: CLIENTS[0] as string,
      tipo,
      ref_id: ref,
      valor: tipo === 'estoque' ? counters.stockOf(ref) : counters.balanceOf(ref),
      corte: new Date(cut).toISOString(),
      ultima_contagem_hlc: lastCount,
      created_at: stamp,
      updated_at: stamp,
      server_modified: stamp,
    });
  }

  return {
    facts,
    bases,
    cut: () => cut,
    write(table: FactTable, doc: Doc): string {
      const fact = facts.get(doc.id) ?? { table, versions: [] };
      facts.set(doc.id, fact);
      const previous = fact.versions.at(-1)?.doc;
      const stamp = nextStamp();
      const { server_modified: _s, ...content } = doc;
      fact.versions.push({ stamp, doc: content });
      if (cut !== null && timeOf(table, doc) < cut) {
        const keys = new Set([doc, ...(previous ? [previous] : [])].flatMap((version) => keysOf(versionOf(table, version))));
        for (const key of [...keys].sort()) refold(key);
      }
      return stamp;
    },
    advance(to: number): void {
      if (cut !== null && to <= cut) return;
      const from = cut;
      cut = to;
      const moved =
        from === null
          ? ALL_KEYS
          : current()
              .filter(({ table, doc }) => doc._deleted !== true && timeOf(table, doc) >= from && timeOf(table, doc) < to)
              .flatMap(({ table, doc }) => keysOf(versionOf(table, doc)));
      for (const key of [...new Set(moved)].sort()) refold(key);
    },
  };
}

type Server = ReturnType<typeof createServer>;

interface Held {
  table: FactTable;
  doc: Doc;
  /** Changed here since the server's version it last took. */
  pending: boolean;
  /** The stamp of that version (what a push names as the version it started from). */
  assumed: string | null;
}

interface Device {
  counters: BaseCounters;
  docs: Map<string, Held>;
  bases: Map<string, BaseDoc>;
  /** Per fact, the versions the device took as the server's, by stamp (a conflict's merge is taken as one). */
  recorded: Map<string, Map<string, Doc>>;
}

function record(device: Device, id: string, stamp: string, doc: Doc): void {
  const versions = device.recorded.get(id) ?? new Map<string, Doc>();
  versions.set(stamp, doc);
  device.recorded.set(id, versions);
}

function observe(device: Device, table: FactTable, doc: Doc, previous?: Doc): void {
  device.counters.observe(versionOf(table, doc), previous ? versionOf(table, previous) : undefined);
}

/** What a restart reads: every base, the facts since the newest cut, and those the last run listed. */
function reopen(device: Device): void {
  const unfolded = JSON.parse(JSON.stringify(device.counters.unfolded())) as ReturnType<BaseCounters['unfolded']>;
  const counters = createBaseCounters();
  device.counters = counters;
  for (const base of device.bases.values()) counters.setBase(base);
  counters.restore(unfolded);
  const cut = counters.newestCut();
  const listed = new Set(unfolded.map((fact) => fact.id));
  for (const { table, doc } of device.docs.values()) {
    // Without a base every live fact; with one, the live facts since its cut (an index range); and the listed ones.
    const since = doc._deleted !== true && (cut === null || timeOf(table, doc) * 1000 >= cut.cutMicros);
    if (since || listed.has(doc.id)) observe(device, table, doc);
  }
}

function pullFacts(device: Device, server: Server): void {
  for (const [id, fact] of server.facts) {
    const latest = fact.versions.at(-1) as { stamp: string; doc: Doc };
    const held = device.docs.get(id);
    // A change made here and not pushed yet stays (the push meets the server's version as a conflict).
    if (held?.pending || held?.doc.server_modified === latest.stamp) continue;
    const doc = { ...latest.doc, server_modified: latest.stamp };
    device.docs.set(id, { table: fact.table, doc, pending: false, assumed: latest.stamp });
    record(device, id, latest.stamp, doc);
    observe(device, fact.table, doc, held?.doc);
  }
}

/**
 * Where the device can know what each base holds of each fact before its cut: the server version the device's copy
 * is (or was edited from) is the one the device took, and the base holds that version, or one that leaves its
 * counter alone. Elsewhere a base is about to be refolded (a write moved its counter after it) or the device has not
 * seen what the base holds; those states last until the next pull.
 */
function knowsWhatBasesHold(device: Device, server: Server): boolean {
  for (const base of device.bases.values()) {
    const cut = Date.parse(base.corte);
    const key = `${base.tipo}:${base.ref_id}`;
    const stamp = String(base.server_modified);
    const ids = new Set([...server.facts.keys(), ...device.docs.keys()]);
    for (const id of ids) {
      const mine = device.docs.get(id);
      const fact = server.facts.get(id);
      const table = (mine?.table ?? fact?.table) as FactTable;
      const versions = fact?.versions ?? [];
      const time = timeOf(table, mine?.doc ?? (versions[0] as { doc: Doc }).doc);
      if (time >= cut) continue;
      const touches = (doc: Doc | undefined) => doc !== undefined && keysOf(versionOf(table, doc)).includes(key);
      const reference = mine?.doc.server_modified ? device.recorded.get(id)?.get(mine.doc.server_modified) : undefined;
      if (mine && reference) {
        const at = String(mine.doc.server_modified);
        const there = versions.find((version) => version.stamp === at);
        if (!there || !sameEffect(versionOf(table, reference), versionOf(table, there.doc))) return false;
        if (at <= stamp) {
          if (versions.some((version) => version.stamp > at && version.stamp <= stamp)) return false;
        } else {
          for (const [index, version] of versions.entries())
            if (version.stamp > stamp && version.stamp <= at && (touches(version.doc) || touches(versions[index - 1]?.doc)))
              return false;
        }
        // A count before the cut is counted only through its base.
        if (mine.doc.tipo === 'ajuste' && touches(mine.doc) && (mine.pending || at > stamp)) return false;
      } else {
        if (touches(versions.filter((version) => version.stamp <= stamp).at(-1)?.doc)) return false;
        if (mine?.doc.tipo === 'ajuste' && touches(mine.doc)) return false;
      }
    }
  }
  return true;
}

function expectExact(device: Device): void {
  const all = foldAll(device.docs.values());
  for (const id of PRODUCTS) expect(device.counters.stockOf(id), `stock ${id}`).toBe(all.stockOf(id));
  for (const id of CLIENTS) expect(device.counters.balanceOf(id), `balance ${id}`).toBe(all.balanceOf(id));
}

function run(steps: readonly Step[]): void {
  const server = createServer();
  const device: Device = { counters: createBaseCounters(), docs: new Map(), bases: new Map(), recorded: new Map() };
  let next = 0;
  const newId = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;
  const pick = <T extends { table: FactTable; doc: Doc }>(n: number, where: Iterable<T>, kind: FactTable): T | undefined => {
    const candidates = [...where].filter((entry) => entry.table === kind && entry.doc._deleted !== true);
    return candidates[n % Math.max(1, candidates.length)];
  };
  const push = () => {
    for (const entry of device.docs.values()) {
      if (!entry.pending) continue;
      const latest = server.facts.get(entry.doc.id)?.versions.at(-1);
      if (latest && latest.stamp !== entry.assumed) {
        // A conflict: the server's version comes back, the merge keeps this device's fields under its stamp.
        const merged = { ...entry.doc, server_modified: latest.stamp };
        record(device, merged.id, latest.stamp, merged);
        observe(device, entry.table, merged, entry.doc);
        entry.doc = merged;
        entry.assumed = latest.stamp;
      }
      server.write(entry.table, entry.doc);
      entry.pending = false;
    }
  };
  const pullBases = () => {
    // As the sync engine stores them: the facts first, through the newest base's stamp.
    pullFacts(device, server);
    for (const [key, base] of server.bases) {
      if (device.bases.get(key)?.server_modified === base.server_modified) continue;
      device.bases.set(key, base);
      device.counters.setBase(base);
    }
  };

  for (const step of steps) {
    switch (step.op) {
      case 'local': {
        const at = T0 + step.minute * MINUTE;
        const doc = { ...docOf(newId(), step.fact, hlcAt(at, next, 'aparelho'), at), server_modified: null };
        device.docs.set(doc.id, { table: tableOf(step.fact), doc, pending: true, assumed: null });
        observe(device, tableOf(step.fact), doc);
        break;
      }
      case 'edit': {
        // An edit keeps the sale's stamp and time; its lines, total, type and client change.
        const entry = pick(step.pick, device.docs.values(), 'vendas');
        if (!entry || step.fact.kind !== 'sale') break;
        const doc = { ...entry.doc, ...docOf(entry.doc.id, step.fact, String(entry.doc.hlc), 0) };
        device.docs.set(doc.id, { ...entry, doc, pending: true });
        observe(device, 'vendas', doc, entry.doc);
        break;
      }
      case 'cancel': {
        const entry = pick(step.pick, device.docs.values(), step.pick % 2 ? 'vendas' : 'fiado_lancamentos');
        if (!entry) break;
        const doc = { ...entry.doc, _deleted: true };
        device.docs.set(doc.id, { ...entry, doc, pending: true });
        observe(device, entry.table, doc, entry.doc);
        break;
      }
      case 'other': {
        const at = T0 + step.minute * MINUTE;
        server.write(tableOf(step.fact), docOf(newId(), step.fact, hlcAt(at, next, 'outro'), at));
        break;
      }
      case 'otherEdit': {
        const current = [...server.facts.values()].map((fact) => ({ table: fact.table, doc: fact.versions.at(-1)?.doc as Doc }));
        const entry = pick(step.pick, current, 'vendas');
        if (!entry || step.fact.kind !== 'sale') break;
        server.write('vendas', { ...entry.doc, ...docOf(entry.doc.id, step.fact, String(entry.doc.hlc), 0) });
        break;
      }
      case 'push':
        push();
        break;
      case 'pullFacts':
        pullFacts(device, server);
        break;
      case 'pullBases':
        pullBases();
        break;
      case 'restart':
        reopen(device);
        break;
      case 'advance':
        server.advance((server.cut() ?? T0) + step.minutes * MINUTE);
        break;
    }
    if (knowsWhatBasesHold(device, server)) expectExact(device);
  }
  // Back online for good: everything pushed and pulled, every base folds what the device holds.
  push();
  pullBases();
  expectExact(device);
  reopen(device);
  expectExact(device);
  // What the server derives from every fact.
  const truth = foldAll([...server.facts.values()].map((fact) => ({ table: fact.table, doc: fact.versions.at(-1)?.doc as Doc })));
  for (const id of PRODUCTS) expect(device.counters.stockOf(id)).toBe(truth.stockOf(id));
  for (const id of CLIENTS) expect(device.counters.balanceOf(id)).toBe(truth.balanceOf(id));
}

describe('counters on top of bases, against a model of the server', () => {
  it('are exact wherever the device holds what its bases fold, and always once synced', () => {
    fc.assert(
      fc.property(fc.array(stepArbitrary, { minLength: 20, maxLength: 80 }), (steps) => {
        run(steps);
      }),
      { numRuns: 300, seed: 31_337 },
    );
  });
});
