// The sales screens' live reads: the filtered list (period, type, page) and one sale with its client's name;
// both from the device's database, so they answer offline exactly as online.
import { combineLatest, distinctUntilChanged, EMPTY, map, Observable, of, switchMap } from 'rxjs';
import type { ClientesDoc, VendasDoc } from '../../schemas/index.ts';
import { todayOf } from '../db/records.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { windowStart } from '../sync/window.ts';
import { periodRange, salesListPage, type SalesListPage, type SalesListParams } from './list.ts';

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
  readonly itens: readonly {
    readonly produtoId: string;
    readonly nome: string;
    readonly marca: string | null;
    readonly unidade: string;
    readonly quantidade: number;
    readonly precoUnitario: number;
    readonly precoTotal: number;
  }[];
  readonly createdAt: string;
}

/** Reads from the open workspace; nothing while none is open (a screen keeps loading rather than show 'empty'). */
function withWorkspace<T>(holder: WorkspaceHolder, read: (workspace: Workspace) => Observable<T>): Observable<T> {
  return holder.workspace$.pipe(switchMap((workspace) => (workspace ? read(workspace) : EMPTY)));
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

function detailsOf(sale: VendasDoc, client: ClientesDoc | null): SaleDetails {
  return {
    id: sale.id,
    data: sale.data,
    tipo: sale.tipo,
    clienteId: sale.cliente_id ?? null,
    cliente: client ? { id: client.id, nome: client.nome, telefone: client.telefone ?? null } : null,
    formaPagamento: sale.forma_pagamento ?? null,
    formaPagamentoDescricao: sale.forma_pagamento_descricao ?? null,
    total: sale.total,
    itens: sale.itens.map((item) => ({
      produtoId: item.produto_id,
      nome: item.nome_produto,
      marca: item.marca_produto ?? null,
      unidade: item.unidade_produto,
      quantidade: item.quantidade,
      precoUnitario: item.preco_unitario,
      precoTotal: item.preco_total,
    })),
    createdAt: sale.created_at,
  };
}

function sale$(workspace: Workspace, id: string): Observable<SaleDetails | null> {
  return workspace.database.vendas.findOne(id).$.pipe(
    switchMap((doc) => {
      if (!doc) return of(null);
      const sale = doc.toJSON() as VendasDoc;
      if (!sale.cliente_id) return of(detailsOf(sale, null));
      return workspace.database.clientes
        .findOne(sale.cliente_id)
        .$.pipe(map((client) => detailsOf(sale, client ? (client.toJSON() as ClientesDoc) : null)));
    }),
  );
}

export function salesLiveQueries(holder: WorkspaceHolder) {
  return {
    /** Sales of a period ('hoje', '7dias', '30dias' or 'personalizado'), by type, newest first, a page at a time. */
    salesList: (params: SalesListParams): Observable<SalesListPage> =>
      withWorkspace(holder, (workspace) => salesList$(workspace, params)),
    /** One sale with its lines and its client; null when it does not exist (or was deleted). */
    saleDetails: (params: { saleId: string }): Observable<SaleDetails | null> =>
      withWorkspace(holder, (workspace) => sale$(workspace, params.saleId)),
  };
}
