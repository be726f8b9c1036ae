// The sales screens' live reads: the filtered list (period, type, page) and one sale with its client's name;
// both from the device's database, so they answer offline exactly as online.
import { combineLatest, distinctUntilChanged, from, map, merge, Observable, of, startWith, switchMap } from 'rxjs';
import type { ClientesDoc, VendasDoc } from '../../schemas/index.ts';
import { todayOf } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { windowStart } from '../sync/window.ts';
import type { PaymentPart } from '../till/summary.ts';
import {
  periodRange,
  saleRowOf,
  salesListPage,
  splitPartsOf,
  type SaleRow,
  type SalesListPage,
  type SalesListParams,
} from './list.ts';
import { ONLINE_PAGE_SIZE, type OlderSalesQuery, type ServerSale, type ServerSales } from './online-sales.ts';

export type { SaleRow, SalesListPage, SalesListParams, SalesPeriod, SalesTypeFilter } from './list.ts';

export interface SaleDetails {
  readonly id: string;
  readonly data: string;
  readonly tipo: 'avista' | 'fiado';
  /** The sale's client; `cliente` is null while that client has not reached this device. */
  readonly clienteId: string | null;
  readonly cliente: { readonly id: string; readonly nome: string; readonly telefone: string | null } | null;
  readonly formaPagamento: string | null;
  readonly formaPagamentoDescricao: string | null;
  readonly total: number;
  /**
   * A split payment's parts (docs/product.md §10); null for a sale paid by one method. The device's reads always
   * set it; a view built without it (an older reading) is paid by one method.
   */
  readonly pagamentos?: readonly PaymentPart[] | null;
  /** The sale's own discount in reais (0 without one); each line's is the line's `desconto`. */
  readonly desconto: number;
  /** The cash received at the counter, null when not kept (another method, or a sale made before it was kept). */
  readonly valorRecebido: number | null;
  readonly itens: readonly {
    readonly produtoId: string;
    readonly nome: string;
    readonly marca: string | null;
    readonly unidade: string;
    readonly quantidade: number;
    readonly precoUnitario: number;
    readonly precoTotal: number;
    /** The line's discount in reais (0 without one). */
    readonly desconto: number;
  }[];
  readonly createdAt: string;
  /**
   * Where the sale was read: the device's copy, or the server's for a sale older than the window (changed online
   * only, naming `revision`, the server's revision read).
   */
  readonly source: 'device' | 'server';
  readonly revision: string | null;
}

/** What the list shows after its last page when the period reaches before the window: the sales read online. */
export interface OlderSalesView {
  /** The window's first day; null when the period is inside the window (nothing older to show). */
  readonly keptFrom: string | null;
  /** The page's older sales, newest first (none of them held on this device). */
  readonly items: readonly SaleRow[];
  /** Whether the server holds more of them after this page. */
  readonly hasMore: boolean;
  /** False when more were wanted and the device is offline: 'Disponível apenas online'. */
  readonly reachable: boolean;
}

export interface OlderSalesParams extends SalesListParams {
  /** Which page of the older sales (1 first; 'Ver mais' shows the next one below). */
  readonly page: number;
}

/** The device's today, again at each midnight (a list left open on 'Hoje' moves to the new day). */
function today$(workspace: Workspace): Observable<string> {
  return new Observable<string>((subscriber) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = new Date(workspace.now());
      subscriber.next(todayOf(workspace));
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
      timer = setTimeout(tick, Math.max(1000, midnight - now.getTime() + 1000));
    };
    tick();
    return () => {
      clearTimeout(timer);
    };
  }).pipe(distinctUntilChanged());
}

function salesList$(workspace: Workspace, params: SalesListParams): Observable<SalesListPage> {
  return today$(workspace).pipe(switchMap((today) => salesOfDay$(workspace, params, today)));
}

function salesOfDay$(workspace: Workspace, params: SalesListParams, today: string): Observable<SalesListPage> {
  const { de, ate } = periodRange(params, today);
  const range: Record<string, string> = {};
  if (de) range.$gte = de;
  if (ate) range.$lte = ate;
  const sales$ = workspace.database.vendas.find(Object.keys(range).length > 0 ? { selector: { data: range } } : {}).$;
  return combineLatest([sales$, workspace.database.clientes.find().$]).pipe(
    map(([sales, clients]) => {
      const names = new Map(clients.map((client) => [client.id, client.nome]));
      return salesListPage(
        sales.map((doc) => doc.toJSON() as VendasDoc),
        names,
        params,
        today,
        windowStart(workspace.clock.correctedNow()),
      );
    }),
  );
}

type DetailedSale = Pick<
  VendasDoc,
  | 'id'
  | 'data'
  | 'tipo'
  | 'cliente_id'
  | 'forma_pagamento'
  | 'forma_pagamento_descricao'
  | 'valor_recebido'
  | 'pagamentos'
  | 'desconto'
  | 'total'
  | 'itens'
  | 'created_at'
>;

function detailsOf(sale: DetailedSale, client: ClientesDoc | null): SaleDetails {
  return {
    id: sale.id,
    data: sale.data,
    tipo: sale.tipo,
    clienteId: sale.cliente_id ?? null,
    cliente: client ? { id: client.id, nome: client.nome, telefone: client.telefone ?? null } : null,
    formaPagamento: sale.forma_pagamento ?? null,
    formaPagamentoDescricao: sale.forma_pagamento_descricao ?? null,
    total: sale.total,
    pagamentos: splitPartsOf(sale),
    desconto: sale.desconto ?? 0,
    valorRecebido: sale.valor_recebido ?? null,
    itens: sale.itens.map((item) => ({
      produtoId: item.produto_id,
      nome: item.nome_produto,
      marca: item.marca_produto ?? null,
      unidade: item.unidade_produto,
      quantidade: item.quantidade,
      precoUnitario: item.preco_unitario,
      precoTotal: item.preco_total,
      desconto: item.desconto ?? 0,
    })),
    createdAt: sale.created_at,
    source: 'device',
    revision: null,
  };
}

function serverDetailsOf(sale: ServerSale, client: ClientesDoc | null): SaleDetails {
  return { ...detailsOf(sale, client), source: 'server', revision: sale._modified };
}

/** The device's answer whenever its connection changes or what was read online is forgotten. */
function onlineReads$<T>(workspace: Workspace, server: ServerSales, read: (online: boolean) => Promise<T>): Observable<T> {
  return merge(
    workspace.connectivity.changes.pipe(
      map((state) => state.online),
      distinctUntilChanged(),
    ),
    server.refreshed,
  ).pipe(
    startWith(null),
    switchMap(() => from(read(workspace.connectivity.current().online))),
  );
}

function sale$(workspace: Workspace, server: ServerSales, id: string): Observable<SaleDetails | null> {
  return workspace.database.vendas.findOne(id).$.pipe(
    switchMap((doc) => {
      // Not on this device: a sale older than the window, read from the server while online.
      if (!doc) {
        return onlineReads$(workspace, server, (online) => server.sale(id, online)).pipe(
          switchMap((found) => {
            if (!found?.cliente_id) return of(found ? serverDetailsOf(found, null) : null);
            return workspace.database.clientes
              .findOne(found.cliente_id)
              .$.pipe(map((client) => serverDetailsOf(found, client ? (client.toJSON() as ClientesDoc) : null)));
          }),
        );
      }
      const sale = doc.toJSON() as VendasDoc;
      if (!sale.cliente_id) return of(detailsOf(sale, null));
      return workspace.database.clientes
        .findOne(sale.cliente_id)
        .$.pipe(map((client) => detailsOf(sale, client ? (client.toJSON() as ClientesDoc) : null)));
    }),
  );
}

const NOTHING_OLDER: OlderSalesView = { keptFrom: null, items: [], hasMore: false, reachable: true };
/** Online pages shown at most (a thousand sales): further back, a shorter period. */
const MAX_ONLINE_PAGES = 50;

async function olderSalesRead(
  workspace: Workspace,
  server: ServerSales,
  query: OlderSalesQuery,
  page: number,
  online: boolean,
): Promise<OlderSalesView> {
  const [found, held] = await Promise.all([
    server.read(query, page, online),
    workspace.database.vendas.find({ selector: { data: { $lt: query.before } } }).exec(),
  ]);
  // A copy this device still holds is in its own list already.
  const heldIds = new Set(held.map((doc) => doc.id));
  const sales = found.sales.slice((page - 1) * ONLINE_PAGE_SIZE).filter((sale) => !heldIds.has(sale.id));
  const clientIds = [...new Set(sales.flatMap((sale) => (sale.cliente_id ? [sale.cliente_id] : [])))];
  const clients = await workspace.database.clientes.findByIds(clientIds).exec();
  const names = new Map([...clients.values()].map((client) => [client.id, client.nome]));
  return {
    keptFrom: query.before,
    items: sales.map((sale) => saleRowOf(sale, names)),
    hasMore: found.hasMore,
    reachable: found.reachable,
  };
}

function olderSales$(workspace: Workspace, server: ServerSales, params: OlderSalesParams): Observable<OlderSalesView> {
  const page = Number.isInteger(params.page) ? Math.min(Math.max(params.page, 1), MAX_ONLINE_PAGES) : 1;
  return today$(workspace).pipe(
    switchMap((today) => {
      const before = windowStart(workspace.clock.correctedNow());
      const { de, ate } = periodRange(params, today);
      if (de !== null && de >= before) return of(NOTHING_OLDER);
      const query: OlderSalesQuery = { before, de, ate, tipo: params.tipo };
      return onlineReads$(workspace, server, (online) => olderSalesRead(workspace, server, query, page, online));
    }),
  );
}

export function salesLiveQueries(holder: WorkspaceHolder, serverSalesOf: (workspace: Workspace) => ServerSales) {
  return {
    /** Sales of a period ('hoje', '7dias', '30dias' or 'personalizado'), by type, newest first, a page at a time. */
    salesList: (params: SalesListParams): Observable<SalesListPage> =>
      liveInWorkspace(holder, 'nothing', (workspace) => salesList$(workspace, params)),
    /** The period's sales older than the window, read online (`keptFrom` null when the period is inside it). */
    olderSales: (params: OlderSalesParams): Observable<OlderSalesView> =>
      liveInWorkspace(holder, 'nothing', (workspace) => olderSales$(workspace, serverSalesOf(workspace), params)),
    /** One sale with its lines and its client, online for one older than the window; null when it does not exist. */
    saleDetails: (params: { saleId: string }): Observable<SaleDetails | null> =>
      liveInWorkspace(holder, 'nothing', (workspace) => sale$(workspace, serverSalesOf(workspace), params.saleId)),
  };
}
