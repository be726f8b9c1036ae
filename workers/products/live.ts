// The products screens' live reads: the page-able list with stock, one product, its stock history and the count
// for the free plan cap; each recomputes when a product or a stock figure changes on the device.
import { combineLatest, map, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ProdutosDoc } from '../../schemas/index.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';

/** A product as the screens show it: its document, the derived stock and whether it is below the minimum. */
export type ProductView = ProdutosDoc & { estoque: number; estoqueBaixo: boolean };

export interface ProductPage {
  items: ProductView[];
  /** How many products match the search (for 'Todos os produtos carregados'). */
  total: number;
}

export interface StockHistoryEntry {
  id: string;
  kind: 'entrada' | 'ajuste' | 'venda';
  /** When it happened (ISO text). */
  at: string;
  quantidade: number;
  /** The stock right after this fact. */
  estoque: number;
  observacao: string | null;
}

export function viewOf(workspace: Workspace, doc: ProdutosDoc): ProductView {
  const estoque = workspace.counters.stockOf(doc.id);
  return { ...doc, estoque, estoqueBaixo: estoque < (doc.estoque_minimo ?? 5) };
}

/** Emits now and after every change to products or to a stock (the index and counters are already updated): a
 * stock moves with a fact and with a base from the server, which may come after the facts it sits under. */
function changes(workspace: Workspace): Observable<unknown> {
  return merge(workspace.database.produtos.eventBulks$, workspace.counters.changes$).pipe(startWith(null));
}

/** Emits now and after every stock fact, sale or stock change: what a product's history is made of. */
function historyChanges(workspace: Workspace): Observable<unknown> {
  const { historico_estoque, vendas } = workspace.database;
  return merge(historico_estoque.eventBulks$, vendas.eventBulks$, workspace.counters.changes$).pipe(startWith(null));
}

/** Stock facts and sales of one product, newest first, each with the stock it left (same rule as the counters). */
async function historyOf(workspace: Workspace, productId: string): Promise<StockHistoryEntry[]> {
  const [facts, sales] = await Promise.all([
    workspace.database.historico_estoque.find({ selector: { produto_id: productId } }).exec(),
    workspace.database.vendas.find().exec(),
  ]);
  const events: (Omit<StockHistoryEntry, 'estoque'> & { hlc: string })[] = facts.map((doc) => ({
    id: doc.id,
    kind: doc.tipo,
    at: doc.created_at,
    quantidade: doc.quantidade,
    observacao: doc.observacao ?? null,
    hlc: doc.hlc,
  }));
  for (const sale of sales) {
    const sold = sale.itens
      .filter((item) => item.produto_id === productId)
      .reduce((sum, item) => sum + Math.round(item.quantidade * 1000), 0);
    if (sold > 0)
      events.push({ id: sale.id, kind: 'venda', at: sale.created_at, quantidade: sold / 1000, observacao: null, hlc: sale.hlc });
  }
  events.sort((a, b) => (a.hlc === b.hlc ? a.id.localeCompare(b.id) : a.hlc < b.hlc ? -1 : 1));
  // Without a count among them, the facts held here may start after older ones that are online only (before the
  // window this device keeps): they start from the stock those left, so the newest ends on the product's stock.
  const counted = events.some((event) => event.kind === 'ajuste');
  const moved = events.reduce((sum, event) => sum + (event.kind === 'entrada' ? 1 : -1) * Math.round(event.quantidade * 1000), 0);
  let running = counted ? 0 : Math.round(workspace.counters.stockOf(productId) * 1000) - moved;
  const entries = events.map(({ hlc: _hlc, ...event }) => {
    const amount = Math.round(event.quantidade * 1000);
    running = event.kind === 'ajuste' ? amount : event.kind === 'entrada' ? running + amount : running - amount;
    return { ...event, estoque: running / 1000 };
  });
  return entries.reverse();
}

export function productLiveQueries(holder: WorkspaceHolder) {
  return {
    /** The list screen: products whose name, brand or barcode contains `text` (accents and case ignored), name
     * matches first, by name within each kind of match; with `lowStock`, only those below their minimum stock. */
    productList: (params: { text: string; limit: number; lowStock?: boolean }): Observable<ProductPage> =>
      liveInWorkspace(holder, 'nothing', (workspace) =>
        changes(workspace).pipe(
          map(() => {
            const found = workspace.products.search(params.text, Number.MAX_SAFE_INTEGER);
            if (params.lowStock !== true) {
              return {
                items: found.slice(0, Math.max(0, params.limit)).map((doc) => viewOf(workspace, doc)),
                total: found.length,
              };
            }
            const low = found.map((doc) => viewOf(workspace, doc)).filter((view) => view.estoqueBaixo);
            return { items: low.slice(0, Math.max(0, params.limit)), total: low.length };
          }),
        ),
      ),
    /** One product with its stock; null when it does not exist (or was deleted). */
    productDetail: (params: { productId: string }): Observable<ProductView | null> =>
      liveInWorkspace(holder, 'nothing', (workspace) =>
        combineLatest([
          workspace.database.produtos.findOne(params.productId).$,
          workspace.counters.stock$(params.productId),
        ]).pipe(map(([doc]) => (doc ? viewOf(workspace, doc.toJSON() as ProdutosDoc) : null))),
      ),
    /** The product's counts, deliveries and sales, newest first. */
    productStockHistory: (params: { productId: string }): Observable<StockHistoryEntry[]> =>
      liveInWorkspace(holder, 'nothing', (workspace) =>
        historyChanges(workspace).pipe(switchMap(() => historyOf(workspace, params.productId))),
      ),
    /** The product that already has this exact barcode (the form's duplicate check); null for a blank code. */
    productByBarcode: (params: { code: string }): Observable<{ id: string; nome: string } | null> =>
      liveInWorkspace(holder, 'nothing', (workspace) => {
        const code = params.code.trim();
        if (code === '') return of(null);
        return workspace.database.produtos
          .findOne({ selector: { codigo_barras: code } })
          .$.pipe(map((doc) => (doc ? { id: doc.id, nome: doc.nome } : null)));
      }),
    /** The product cap of the owner's plan as the server last said (null: none, or not known yet). */
    productCap: (): Observable<number | null> => liveInWorkspace(holder, 'nothing', (workspace) => workspace.productCap.cap$),
    /** How many products the owner has (the free plan allows 50). */
    productCount: (): Observable<number> =>
      liveInWorkspace(holder, 'nothing', (workspace) =>
        workspace.database.produtos.eventBulks$.pipe(
          startWith(null),
          map(() => workspace.products.size()),
        ),
      ),
  };
}
