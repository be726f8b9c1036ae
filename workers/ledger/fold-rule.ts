// What a server base holds of a fact (docs/growth.md §4, supabase/migrations/0023_counter_bases.sql): a fact's
// time against a base's cut, the counters one version of a fact moves, and what that version adds to a counter
// whose base does not hold it yet. Amounts are in thousandths, as the derived counters sum them.
import type { BasesContadoresDoc, FiadoLancamentosDoc, HistoricoEstoqueDoc, VendasDoc } from '../../schemas/index.ts';
import { valuesEqual } from '../sync/merge.ts';
import { hlcPrefixAt } from '../sync/hlc.ts';
import { compareTimestamps, timestampMicros } from '../sync/server-time.ts';
import { owedBy, type LedgerEntryFact, type SaleFact, type StockFact } from './derived-counters.ts';

export type FactTable = 'vendas' | 'historico_estoque' | 'fiado_lancamentos';
export const FACT_TABLES: readonly FactTable[] = ['vendas', 'historico_estoque', 'fiado_lancamentos'];

/** One version of a fact as the counters see it, with the server stamp its document carries (null: never pulled). */
export type FactVersion =
  | { table: 'vendas'; serverModified: string | null; fact: SaleFact }
  | { table: 'historico_estoque'; serverModified: string | null; fact: StockFact }
  | { table: 'fiado_lancamentos'; serverModified: string | null; fact: LedgerEntryFact; createdAt: string };

/** A server base, read for the fold: a product's stock as a count at its cut, or a client's opening balance. */
export interface CounterBase {
  /** The counter it belongs to: `estoque:<product>` or `saldo:<client>`. */
  key: string;
  /** In thousandths. */
  value: number;
  /** Facts of an instant before the cut are folded in: the instant in microseconds, and as an HLC prefix. */
  cutMicros: number;
  cutHlc: string;
  /** Stock: the stamp of the latest count folded in ('' when none); facts before it do not move the stock. */
  lastCountHlc: string;
  serverModified: string | null;
}

type Deletable<T> = T & { _deleted?: boolean };

export const stockKey = (productId: string) => `estoque:${productId}`;
export const balanceKey = (clientId: string) => `saldo:${clientId}`;
const STOCK_PREFIX = stockKey('');
const BALANCE_PREFIX = balanceKey('');

/** The counter a key names. */
export function counterOf(key: string): { kind: 'stock' | 'balance'; id: string } {
  return key.startsWith(STOCK_PREFIX)
    ? { kind: 'stock', id: key.slice(STOCK_PREFIX.length) }
    : { kind: 'balance', id: key.slice(BALANCE_PREFIX.length) };
}

const thousandths = (value: number) => Math.round(value * 1000);

export function baseKeyOf(doc: Pick<BasesContadoresDoc, 'tipo' | 'ref_id'>): string {
  return doc.tipo === 'estoque' ? stockKey(doc.ref_id) : balanceKey(doc.ref_id);
}

export function baseOf(doc: BasesContadoresDoc): CounterBase {
  const cutMicros = timestampMicros(doc.corte);
  return {
    key: baseKeyOf(doc),
    value: thousandths(doc.valor),
    cutMicros,
    cutHlc: hlcPrefixAt(Math.floor(cutMicros / 1000)),
    lastCountHlc: doc.ultima_contagem_hlc,
    serverModified: doc.server_modified ?? null,
  };
}

export function saleFact(doc: Deletable<VendasDoc>, deleted = doc._deleted === true): SaleFact {
  return {
    id: doc.id,
    hlc: doc.hlc,
    tipo: doc.tipo,
    cliente_id: doc.cliente_id ?? null,
    total: doc.total,
    ...(doc.pagamentos && doc.pagamentos.length > 0 ? { pagamentos: doc.pagamentos.map((part) => ({ ...part })) } : {}),
    itens: doc.itens.map((item) => ({ produto_id: item.produto_id, quantidade: item.quantidade })),
    deleted,
  };
}

export function stockFact(doc: Deletable<HistoricoEstoqueDoc>, deleted = doc._deleted === true): StockFact {
  return { id: doc.id, produto_id: doc.produto_id, tipo: doc.tipo, quantidade: doc.quantidade, hlc: doc.hlc, deleted };
}

export function ledgerFact(doc: Deletable<FiadoLancamentosDoc>, deleted = doc._deleted === true): LedgerEntryFact {
  return { id: doc.id, cliente_id: doc.cliente_id, tipo: doc.tipo, valor: doc.valor, deleted };
}

/** A stored document of a fact collection as a version. */
export function versionOf(table: FactTable, doc: Record<string, unknown>, deleted = doc._deleted === true): FactVersion {
  const serverModified = typeof doc.server_modified === 'string' ? doc.server_modified : null;
  switch (table) {
    case 'vendas':
      return { table, serverModified, fact: saleFact(doc as unknown as VendasDoc, deleted) };
    case 'historico_estoque':
      return { table, serverModified, fact: stockFact(doc as unknown as HistoricoEstoqueDoc, deleted) };
    case 'fiado_lancamentos': {
      const entry = doc as unknown as FiadoLancamentosDoc;
      return { table, serverModified, fact: ledgerFact(entry, deleted), createdAt: entry.created_at };
    }
  }
}

/** Two versions move the counters alike (other fields, such as a note, may differ). */
export function sameEffect(a: FactVersion, b: FactVersion): boolean {
  return (
    a.table === b.table &&
    valuesEqual(a.fact, b.fact) &&
    (a.table !== 'fiado_lancamentos' || b.table !== 'fiado_lancamentos' || a.createdAt === b.createdAt)
  );
}

/**
 * A server version stamped `stamp` is held by a server row stamped `holder` (a base, a daily rollup): the server
 * folds a write into the rows it moves in the same transaction, after stamping it. A version never stamped (written
 * here, not on the server yet) and a row the device does not hold hold nothing.
 */
export function heldBy(stamp: string | null, holder: string | null): boolean {
  return stamp !== null && holder !== null && compareTimestamps(stamp, holder) <= 0;
}

/** Of the server versions seen of a fact (oldest first), the one a row stamped `holder` holds: the latest before it. */
export function heldVersionOf<Version extends { serverModified: string | null }>(
  served: readonly Version[],
  holder: string | null,
): Version | undefined {
  let held: Version | undefined;
  for (const version of served) if (heldBy(version.serverModified, holder)) held = version;
  return held;
}

/** The fact's time is before the cut: the physical part of its HLC, or a ledger entry's creation (as the SQL). */
export function beforeCut(version: FactVersion, cut: { cutHlc: string; cutMicros: number }): boolean {
  return version.table === 'fiado_lancamentos'
    ? timestampMicros(version.createdAt) < cut.cutMicros
    : version.fact.hlc < cut.cutHlc;
}

/** Every counter a version moves, deleted or not (a deletion moves them back). */
export function keysOf(version: FactVersion): string[] {
  switch (version.table) {
    case 'vendas': {
      const keys = version.fact.itens.map((item) => stockKey(item.produto_id));
      if (version.fact.tipo === 'fiado' && version.fact.cliente_id !== null) keys.push(balanceKey(version.fact.cliente_id));
      return keys;
    }
    case 'historico_estoque':
      return [stockKey(version.fact.produto_id)];
    case 'fiado_lancamentos':
      return [balanceKey(version.fact.cliente_id)];
  }
}

/**
 * What a version before the base's cut adds to the counter on top of that base, when the base does not hold it:
 * a sale takes its quantity and an entry adds its own when later than the base's latest count; a fiado sale (its
 * fiado part) and a debit add to the balance, a payment takes from it. A count cannot be added without the facts after it: it
 * adds nothing until the base that folds it arrives.
 */
export function contributionTo(version: FactVersion, key: string, base: CounterBase): number {
  if (version.fact.deleted) return 0;
  const counter = counterOf(key);
  switch (version.table) {
    case 'vendas': {
      const sale = version.fact;
      if (counter.kind === 'balance') return sale.cliente_id === counter.id ? thousandths(owedBy(sale)) : 0;
      if (sale.hlc <= base.lastCountHlc) return 0;
      return -sale.itens
        .filter((item) => item.produto_id === counter.id)
        .reduce((sum, item) => sum + thousandths(item.quantidade), 0);
    }
    case 'historico_estoque': {
      const fact = version.fact;
      if (counter.kind !== 'stock' || fact.produto_id !== counter.id || fact.tipo !== 'entrada') return 0;
      return fact.hlc > base.lastCountHlc ? thousandths(fact.quantidade) : 0;
    }
    case 'fiado_lancamentos': {
      const entry = version.fact;
      if (counter.kind !== 'balance' || entry.cliente_id !== counter.id) return 0;
      return entry.tipo === 'debito' ? thousandths(entry.valor) : -thousandths(entry.valor);
    }
  }
}
