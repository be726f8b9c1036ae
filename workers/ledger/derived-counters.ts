// Stock per product and balance per client, derived from immutable facts exactly as the server derives them
// (docs/sync.md), and kept up to date fact by fact so the UI reads them instantly.
//   stock   = latest count (ajuste) + entries after it − quantities sold after it ("after" in HLC order)
//   balance = fiado sales (their fiado part, docs/product.md §10) + debits − payments
// Amounts are summed in integer thousandths so floating point never drifts a cent.
import { fiadoPartOf, type PaymentPart } from '../till/summary.ts';

export interface StockFact {
  id: string;
  produto_id: string;
  tipo: 'ajuste' | 'entrada';
  quantidade: number;
  hlc: string;
  deleted: boolean;
}

export interface SaleFact {
  id: string;
  hlc: string;
  tipo: 'avista' | 'fiado';
  cliente_id: string | null;
  total: number;
  /** A split payment's parts; absent or null for a sale paid by one method (a fiado sale then owes its total). */
  pagamentos?: readonly PaymentPart[] | null;
  itens: readonly { produto_id: string; quantidade: number }[];
  deleted: boolean;
}

/** What a sale puts on its client's balance: a fiado sale's fiado part (its whole total when not split), else 0. */
export function owedBy(sale: Pick<SaleFact, 'tipo' | 'total' | 'pagamentos'>): number {
  return sale.tipo === 'fiado' ? fiadoPartOf(sale) : 0;
}

export interface LedgerEntryFact {
  id: string;
  cliente_id: string;
  tipo: 'debito' | 'pagamento';
  valor: number;
  deleted: boolean;
}

const SCALE = 1000;
const scaled = (value: number) => Math.round(value * SCALE);
const unscaled = (value: number) => value / SCALE;

export interface DerivedCounters {
  upsertStockFact(fact: StockFact): void;
  upsertSale(sale: SaleFact): void;
  upsertLedgerEntry(entry: LedgerEntryFact): void;
  /** Forgets a fact whose number the counter no longer needs (one a base already holds). */
  removeStockFact(id: string): void;
  removeSale(id: string): void;
  removeLedgerEntry(id: string): void;
  stockOf(productId: string): number;
  balanceOf(clientId: string): number;
  /** Runs many upserts and recomputes each touched product and client once, at the end. */
  batch(run: () => void): void;
  /** Products and clients whose number changed since the last call (for live queries). */
  takeChanged(): { products: Set<string>; clients: Set<string> };
}

export function createDerivedCounters(): DerivedCounters {
  const stockFactsByProduct = new Map<string, Map<string, StockFact>>();
  const salesById = new Map<string, SaleFact>();
  const saleIdsByProduct = new Map<string, Set<string>>();
  const saleIdsByClient = new Map<string, Set<string>>();
  const ledgerByClient = new Map<string, Map<string, LedgerEntryFact>>();
  const productOfStockFact = new Map<string, string>();
  const clientOfLedgerEntry = new Map<string, string>();
  const stock = new Map<string, number>();
  const balance = new Map<string, number>();
  let changedProducts = new Set<string>();
  let changedClients = new Set<string>();

  let batching: { products: Set<string>; clients: Set<string> } | undefined;

  function recomputeStock(productId: string): void {
    if (batching) {
      batching.products.add(productId);
      return;
    }
    let latestCount: StockFact | undefined;
    const facts = [...(stockFactsByProduct.get(productId)?.values() ?? [])].filter((fact) => !fact.deleted);
    for (const fact of facts) {
      if (fact.tipo !== 'ajuste') continue;
      if (!latestCount || fact.hlc > latestCount.hlc || (fact.hlc === latestCount.hlc && fact.id > latestCount.id))
        latestCount = fact;
    }
    const after = latestCount?.hlc ?? '';
    let total = latestCount ? scaled(latestCount.quantidade) : 0;
    for (const fact of facts) if (fact.tipo === 'entrada' && fact.hlc > after) total += scaled(fact.quantidade);
    for (const saleId of saleIdsByProduct.get(productId) ?? []) {
      const sale = salesById.get(saleId);
      if (!sale || sale.deleted || sale.hlc <= after) continue;
      for (const item of sale.itens) if (item.produto_id === productId) total -= scaled(item.quantidade);
    }
    const value = unscaled(total);
    if (stock.get(productId) !== value) changedProducts.add(productId);
    stock.set(productId, value);
  }

  function recomputeBalance(clientId: string): void {
    if (batching) {
      batching.clients.add(clientId);
      return;
    }
    let total = 0;
    for (const saleId of saleIdsByClient.get(clientId) ?? []) {
      const sale = salesById.get(saleId);
      if (sale && !sale.deleted && sale.cliente_id === clientId) total += scaled(owedBy(sale));
    }
    for (const entry of ledgerByClient.get(clientId)?.values() ?? []) {
      if (entry.deleted) continue;
      total += entry.tipo === 'debito' ? scaled(entry.valor) : -scaled(entry.valor);
    }
    const value = unscaled(total);
    if (balance.get(clientId) !== value) changedClients.add(clientId);
    balance.set(clientId, value);
  }

  function index(map: Map<string, Set<string>>, key: string, id: string): void {
    let ids = map.get(key);
    if (!ids) map.set(key, (ids = new Set()));
    ids.add(id);
  }

  return {
    upsertStockFact(fact) {
      const previousProduct = productOfStockFact.get(fact.id);
      if (previousProduct !== undefined && previousProduct !== fact.produto_id) {
        stockFactsByProduct.get(previousProduct)?.delete(fact.id);
        recomputeStock(previousProduct);
      }
      productOfStockFact.set(fact.id, fact.produto_id);
      let facts = stockFactsByProduct.get(fact.produto_id);
      if (!facts) stockFactsByProduct.set(fact.produto_id, (facts = new Map<string, StockFact>()));
      facts.set(fact.id, fact);
      recomputeStock(fact.produto_id);
    },
    upsertSale(sale) {
      const previous = salesById.get(sale.id);
      salesById.set(sale.id, sale);
      const products = new Set([...(previous?.itens ?? []), ...sale.itens].map((item) => item.produto_id));
      for (const productId of products) {
        index(saleIdsByProduct, productId, sale.id);
        recomputeStock(productId);
      }
      const clients = new Set([previous?.cliente_id, sale.cliente_id].filter((id): id is string => typeof id === 'string'));
      for (const clientId of clients) {
        index(saleIdsByClient, clientId, sale.id);
        recomputeBalance(clientId);
      }
    },
    upsertLedgerEntry(entry) {
      const previousClient = clientOfLedgerEntry.get(entry.id);
      if (previousClient !== undefined && previousClient !== entry.cliente_id) {
        ledgerByClient.get(previousClient)?.delete(entry.id);
        recomputeBalance(previousClient);
      }
      clientOfLedgerEntry.set(entry.id, entry.cliente_id);
      let entries = ledgerByClient.get(entry.cliente_id);
      if (!entries) ledgerByClient.set(entry.cliente_id, (entries = new Map<string, LedgerEntryFact>()));
      entries.set(entry.id, entry);
      recomputeBalance(entry.cliente_id);
    },
    removeStockFact(id) {
      const productId = productOfStockFact.get(id);
      if (productId === undefined) return;
      productOfStockFact.delete(id);
      stockFactsByProduct.get(productId)?.delete(id);
      recomputeStock(productId);
    },
    removeSale(id) {
      const sale = salesById.get(id);
      if (!sale) return;
      salesById.delete(id);
      for (const productId of new Set(sale.itens.map((item) => item.produto_id))) {
        saleIdsByProduct.get(productId)?.delete(id);
        recomputeStock(productId);
      }
      if (sale.cliente_id !== null) {
        saleIdsByClient.get(sale.cliente_id)?.delete(id);
        recomputeBalance(sale.cliente_id);
      }
    },
    removeLedgerEntry(id) {
      const clientId = clientOfLedgerEntry.get(id);
      if (clientId === undefined) return;
      clientOfLedgerEntry.delete(id);
      ledgerByClient.get(clientId)?.delete(id);
      recomputeBalance(clientId);
    },
    batch(run) {
      if (batching) {
        run();
        return;
      }
      const touched = (batching = { products: new Set(), clients: new Set() });
      try {
        run();
      } finally {
        batching = undefined;
        for (const productId of touched.products) recomputeStock(productId);
        for (const clientId of touched.clients) recomputeBalance(clientId);
      }
    },
    stockOf: (productId) => stock.get(productId) ?? 0,
    balanceOf: (clientId) => balance.get(clientId) ?? 0,
    takeChanged() {
      const changed = { products: changedProducts, clients: changedClients };
      changedProducts = new Set();
      changedClients = new Set();
      return changed;
    },
  };
}
