// Keeps the derived counters in step with the device database: every sale, stock fact and ledger entry
// (written here or arriving from the server) updates stock and balances, which the UI follows live.
import type { RxCollection, RxStorageChangeEvent } from 'rxdb';
import { Observable, Subject, type Subscription } from 'rxjs';
import type { FiadoLancamentosDoc, HistoricoEstoqueDoc, VendasDoc } from '../../schemas/index.ts';
import type { LocalDatabase } from '../db/local-database.ts';
import { createDerivedCounters, type DerivedCounters } from './derived-counters.ts';

type Deletable<T> = T & { _deleted?: boolean };

export interface LiveCounters {
  stockOf(productId: string): number;
  balanceOf(clientId: string): number;
  stock$(productId: string): Observable<number>;
  balance$(clientId: string): Observable<number>;
  /** Resolves once every fact already on the device has been counted. */
  ready: Promise<void>;
  close(): void;
}

export interface CounterFeeds {
  /** Every HLC seen on a fact, so later local events order after it. */
  onHlc?: (hlc: string) => void;
}

export function saleFact(doc: Deletable<VendasDoc>, deleted = doc._deleted === true) {
  return {
    id: doc.id,
    hlc: doc.hlc,
    tipo: doc.tipo,
    cliente_id: doc.cliente_id ?? null,
    total: doc.total,
    itens: doc.itens.map((item) => ({ produto_id: item.produto_id, quantidade: item.quantidade })),
    deleted,
  };
}

export function stockFact(doc: Deletable<HistoricoEstoqueDoc>, deleted = doc._deleted === true) {
  return { id: doc.id, produto_id: doc.produto_id, tipo: doc.tipo, quantidade: doc.quantidade, hlc: doc.hlc, deleted };
}

export function ledgerFact(doc: Deletable<FiadoLancamentosDoc>, deleted = doc._deleted === true) {
  return { id: doc.id, cliente_id: doc.cliente_id, tipo: doc.tipo, valor: doc.valor, deleted };
}

/** Applies the current state of each document of a collection, then every later change, in order. */
function follow<T>(
  collection: RxCollection<T>,
  counters: DerivedCounters,
  apply: (doc: Deletable<T>, deleted: boolean) => void,
  onBatch: () => void,
): { ready: Promise<void>; subscription: Subscription } {
  const buffered: RxStorageChangeEvent<T>[][] = [];
  let loaded = false;
  const applyEvent = (event: RxStorageChangeEvent<T>) => {
    const doc = event.documentData as Deletable<T> | undefined;
    if (doc) apply(doc, event.operation === 'DELETE' || doc._deleted === true);
  };
  // Bulks, not single events: a pull of thousands of sales recomputes each product once.
  const subscription = collection.eventBulks$.subscribe((bulk) => {
    const events = bulk.events as RxStorageChangeEvent<T>[];
    if (!loaded) buffered.push(events);
    else
      counters.batch(() => {
        for (const event of events) applyEvent(event);
      });
    onBatch();
  });
  const ready = collection
    .find()
    .exec()
    .then((docs) => {
      counters.batch(() => {
        for (const doc of docs) apply(doc.toJSON() as Deletable<T>, false);
        loaded = true;
        for (const event of buffered.splice(0).flat()) applyEvent(event);
      });
      onBatch();
    });
  return { ready, subscription };
}

export function followCounters(database: LocalDatabase, feeds: CounterFeeds = {}): LiveCounters {
  const counters: DerivedCounters = createDerivedCounters();
  const changed = new Subject<{ products: Set<string>; clients: Set<string> }>();
  const publish = () => {
    const batch = counters.takeChanged();
    if (batch.products.size > 0 || batch.clients.size > 0) changed.next(batch);
  };
  const sales = follow(
    database.vendas,
    counters,
    (doc, deleted) => {
      feeds.onHlc?.(doc.hlc);
      counters.upsertSale(saleFact(doc, deleted));
    },
    publish,
  );
  const stock = follow(
    database.historico_estoque,
    counters,
    (doc, deleted) => {
      feeds.onHlc?.(doc.hlc);
      counters.upsertStockFact(stockFact(doc, deleted));
    },
    publish,
  );
  const ledger = follow(
    database.fiado_lancamentos,
    counters,
    (doc, deleted) => {
      counters.upsertLedgerEntry(ledgerFact(doc, deleted));
    },
    publish,
  );

  const watch = (kind: 'products' | 'clients', id: string, read: () => number) =>
    new Observable<number>((subscriber) => {
      subscriber.next(read());
      const subscription = changed.subscribe((batch) => {
        if (batch[kind].has(id)) subscriber.next(read());
      });
      return () => {
        subscription.unsubscribe();
      };
    });

  return {
    stockOf: (id) => counters.stockOf(id),
    balanceOf: (id) => counters.balanceOf(id),
    stock$: (id) => watch('products', id, () => counters.stockOf(id)),
    balance$: (id) => watch('clients', id, () => counters.balanceOf(id)),
    ready: Promise.all([sales.ready, stock.ready, ledger.ready]).then(() => undefined),
    close() {
      for (const { subscription } of [sales, stock, ledger]) subscription.unsubscribe();
      changed.complete();
    },
  };
}
