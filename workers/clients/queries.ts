// What the client screens read, as live queries: a page of clients with their balances, one client, and the
// client's statement; all from the device's database, so they answer offline exactly as online.
import { combineLatest, distinctUntilChanged, from, map, of, startWith, switchMap, type Observable } from 'rxjs';
import type { ClientesDoc, FiadoLancamentosDoc, VendasDoc } from '../../schemas/index.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { normalize } from '../products/search-index.ts';
import { fiadoPartOf } from '../till/summary.ts';
import { serverStatements, STATEMENT_PAGE_SIZE, type ServerStatements, type StatementPosition } from './online-statement.ts';
import { effectInCents, statementOf, toCents, type StatementEntry, type StatementFact } from './statement.ts';

/** Clients per page of the list (docs/product.md §9). */
export const CLIENT_PAGE_SIZE = 10;

export interface ClientSummary {
  readonly id: string;
  readonly nome: string;
  /** Digits only, as stored. */
  readonly telefone: string | null;
  readonly observacoes: string | null;
  /** What the client owes, derived from the fiado ledger and fiado sales. */
  readonly saldo: number;
  /** Owes something (balance above zero). */
  readonly fiado: boolean;
  /** Marked as a fiado client on the client form. */
  readonly is_fiado: boolean;
}

export interface ClientsPage {
  readonly items: readonly ClientSummary[];
  /** Clients matching the search, over all pages. */
  readonly total: number;
  /** The page shown (1-based, clamped to the last page). */
  readonly page: number;
  readonly pageCount: number;
  readonly pageSize: number;
}

export interface ClientsPageParams {
  readonly search?: string;
  readonly page?: number;
}

function summaryOf(doc: ClientesDoc, saldo: number): ClientSummary {
  return {
    id: doc.id,
    nome: doc.nome,
    telefone: doc.telefone ?? null,
    observacoes: doc.observacoes ?? null,
    saldo,
    fiado: toCents(saldo) > 0,
    is_fiado: doc.is_fiado,
  };
}

/** Sorts and cuts the matching clients into the requested page (pure; the balances come after). */
export function pageOfClients(docs: readonly ClientesDoc[], params: ClientsPageParams) {
  const needle = normalize((params.search ?? '').trim());
  const matching = docs
    .filter((doc) => needle === '' || normalize(doc.nome).includes(needle))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || (a.id < b.id ? -1 : 1));
  const pageCount = Math.max(1, Math.ceil(matching.length / CLIENT_PAGE_SIZE));
  const requested = Number.isInteger(params.page) && (params.page ?? 1) > 0 ? (params.page ?? 1) : 1;
  const page = Math.min(requested, pageCount);
  const rows = matching.slice((page - 1) * CLIENT_PAGE_SIZE, page * CLIENT_PAGE_SIZE);
  return { rows, total: matching.length, page, pageCount };
}

function clientsPage$(workspace: Workspace, params: ClientsPageParams): Observable<ClientsPage> {
  return workspace.database.clientes.find().$.pipe(
    map((docs) =>
      pageOfClients(
        docs.map((doc) => doc.toJSON() as ClientesDoc),
        params,
      ),
    ),
    switchMap(({ rows, total, page, pageCount }) => {
      const base = { total, page, pageCount, pageSize: CLIENT_PAGE_SIZE };
      if (rows.length === 0) return of({ ...base, items: [] });
      return combineLatest(rows.map((row) => workspace.counters.balance$(row.id))).pipe(
        map((balances) => ({ ...base, items: rows.map((row, index) => summaryOf(row, balances[index] ?? 0)) })),
      );
    }),
  );
}

function client$(workspace: Workspace, id: string): Observable<ClientSummary | null> {
  return workspace.database.clientes.findOne(id).$.pipe(
    switchMap((doc) => {
      if (!doc) return of(null);
      const data = doc.toJSON() as ClientesDoc;
      return workspace.counters.balance$(id).pipe(map((saldo) => summaryOf(data, saldo)));
    }),
  );
}

/** The client's facts on this device, with her balance (the bases included). */
function statementFacts$(workspace: Workspace, clientId: string): Observable<{ facts: StatementFact[]; balance: number }> {
  const sales$ = workspace.database.vendas.find({ selector: { cliente_id: clientId, tipo: 'fiado' } }).$;
  const ledger$ = workspace.database.fiado_lancamentos.find({ selector: { cliente_id: clientId } }).$;
  return combineLatest([sales$, ledger$, workspace.counters.balance$(clientId)]).pipe(
    map(([sales, ledger, balance]) => {
      const facts: StatementFact[] = [
        ...sales.map((doc): StatementFact => {
          const sale = doc.toJSON() as VendasDoc;
          // A split sale owes its fiado part only (docs/product.md §10).
          const valor = fiadoPartOf(sale);
          return { id: sale.id, kind: 'venda', valor, data: sale.data, created_at: sale.created_at, descricao: null };
        }),
        ...ledger.map((doc): StatementFact => {
          const entry = doc.toJSON() as FiadoLancamentosDoc;
          return {
            id: entry.id,
            kind: entry.tipo,
            valor: entry.valor,
            data: entry.data,
            created_at: entry.created_at,
            descricao: entry.descricao ?? null,
            estornoDe: entry.estorno_de ?? null,
          };
        }),
      ];
      return { facts, balance };
    }),
  );
}

function statement$(workspace: Workspace, clientId: string): Observable<StatementEntry[]> {
  // The client's balance (its base included) anchors the running balance: older entries may be online only.
  return statementFacts$(workspace, clientId).pipe(map(({ facts, balance }) => statementOf(facts, balance)));
}

/** A page of the client's entries older than those on this device, read online. */
export interface OlderStatementView {
  /** The page's entries, newest first, the running balance going on from the oldest entry shown before them. */
  readonly entries: readonly StatementEntry[];
  /** Whether the server holds more of them after this page. */
  readonly hasMore: boolean;
  /** False when the page was wanted and the device is offline: 'Disponível apenas online'. */
  readonly reachable: boolean;
}

export interface OlderStatementParams {
  readonly clientId: string;
  /** Which page (1 first; each 'Ver mais' shows the next one below). */
  readonly page: number;
}

/** Pages shown at most (a thousand entries). */
const MAX_STATEMENT_PAGES = 50;

function olderStatement$(
  workspace: Workspace,
  server: ServerStatements,
  params: OlderStatementParams,
): Observable<OlderStatementView> {
  const page = Number.isInteger(params.page) ? Math.min(Math.max(params.page, 1), MAX_STATEMENT_PAGES) : 1;
  return statementFacts$(workspace, params.clientId).pipe(
    switchMap(({ facts, balance }) => {
      const shown = statementOf(facts, balance);
      const oldest = shown.at(-1);
      // The balance before the oldest entry shown: where the older entries' running balance goes on from.
      const anchor = oldest ? toCents(oldest.saldo) - effectInCents(oldest) : toCents(balance);
      const start: StatementPosition | null = oldest ? { data: oldest.data, created_at: oldest.created_at, id: oldest.id } : null;
      const reversedHere = new Set(facts.flatMap((fact) => (fact.estornoDe ? [fact.estornoDe] : [])));
      return workspace.connectivity.changes.pipe(
        map((state) => state.online),
        distinctUntilChanged(),
        startWith(null),
        switchMap(() => from(server.read(params.clientId, start, page, workspace.connectivity.current().online))),
        map((found): OlderStatementView => {
          const reversed = new Set([...reversedHere, ...found.facts.flatMap((fact) => (fact.estornoDe ? [fact.estornoDe] : []))]);
          let running = anchor;
          const entries = found.facts.map((fact): StatementEntry => {
            const entry = { ...fact, saldo: running / 100, estornado: reversed.has(fact.id) };
            running -= effectInCents(fact);
            return entry;
          });
          return {
            entries: entries.slice((page - 1) * STATEMENT_PAGE_SIZE),
            hasMore: found.hasMore,
            reachable: found.reachable,
          };
        }),
      );
    }),
  );
}

/** The live queries of the client screens (names unique across the API). */
export function clientQueries(holder: WorkspaceHolder) {
  /** Per workspace, the older statements read online this session. */
  const online = new WeakMap<Workspace, ServerStatements>();
  const serverStatementsOf = (workspace: Workspace): ServerStatements => {
    const found = online.get(workspace) ?? serverStatements(workspace.client);
    online.set(workspace, found);
    return found;
  };
  const whenSignedIn = <T>(read: (workspace: Workspace) => Observable<T>, signedOut: T): Observable<T> =>
    liveInWorkspace(holder, { value: signedOut }, read);
  return {
    clientsPage: (params: ClientsPageParams): Observable<ClientsPage> =>
      whenSignedIn((workspace) => clientsPage$(workspace, params), {
        items: [],
        total: 0,
        page: 1,
        pageCount: 1,
        pageSize: CLIENT_PAGE_SIZE,
      }),
    client: (params: { clientId: string }): Observable<ClientSummary | null> =>
      whenSignedIn((workspace) => client$(workspace, params.clientId), null),
    clientStatement: (params: { clientId: string }): Observable<StatementEntry[]> =>
      whenSignedIn((workspace) => statement$(workspace, params.clientId), []),
    /** The client's entries older than those on this device, a page at a time, read online. */
    olderStatement: (params: OlderStatementParams): Observable<OlderStatementView> =>
      whenSignedIn((workspace) => olderStatement$(workspace, serverStatementsOf(workspace), params), {
        entries: [],
        hasMore: false,
        reachable: true,
      }),
  };
}
