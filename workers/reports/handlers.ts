// The reports domain: one live report of a period (docs/growth.md §5). A period inside the device's window is summed
// on the device from the daily rollups of its days, today's sales and the sales the rollups do not hold yet, offline
// too; an older one is asked of the server (`relatorio_periodo`), kept for the session and asked again after each
// sync, and is unavailable offline. Receivables read the fiado sales and the ledger; oversold sales the period's
// sales (and, where a later count needs it, the sales since the count before them) with the stock facts.
// Recomputed when any of them changes (a sale in another tab, a sync) and every minute.
import { auditTime, distinctUntilChanged, interval, map, merge, skip, startWith, switchMap, tap, type Observable } from 'rxjs';
import type { DespesasDoc, FiadoLancamentosDoc, HistoricoEstoqueDoc, VendasDoc } from '../../schemas/index.ts';
import { parseInput } from '../contract/input.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { addDays } from '../dashboard/buckets.ts';
import { WINDOW_DAYS } from '../sync/window.ts';
import { fiadoPartOf } from '../till/summary.ts';
import { receivablesOf, type AgeingBand, type DebtFact } from './ageing.ts';
import { periodFigures, type SalesFigures } from './figures.ts';
import { serverPeriods, type ServerPeriods } from './online-period.ts';
import { oversoldSince, salesNeededFrom, type StockEvent } from './oversold.ts';
import { periodSumsOnDevice } from './period-sums.ts';
import { REPORT_TIME_ZONE, reportRange, type Granularity, type ReportRange } from './periods.ts';
import { reportParamsSchema, type ReportParams, type ReportPeriod } from './schema.ts';

export type { Amount, MarginFigure, ReportMethod, ProductFigure, ReportPoint } from './figures.ts';
export type { AgeingBand } from './ageing.ts';
export type { Granularity } from './periods.ts';
export type { ReportParams, ReportPeriod } from './schema.ts';

/** Changes closer together than this are one recomputation. */
const REFRESH_MS = 100;

/** How many rows the page's lists show (their full count travels beside them). */
const LIST_SHOWN = 20;

export interface ReceivableClient {
  readonly clienteId: string;
  readonly nome: string;
  readonly saldo: number;
  readonly oldestDays: number;
  readonly band: AgeingBand;
}

export interface OversoldItem {
  readonly saleId: string;
  readonly data: string;
  readonly produtoId: string;
  readonly nome: string;
  readonly unidade: string;
  readonly quantidade: number;
  readonly estoqueDepois: number;
}

export interface SalesReport extends SalesFigures {
  readonly kind: 'figures';
  /** Where the figures were summed: on the device (inside its window) or on the server (an older period). */
  readonly source: 'device' | 'server';
  readonly period: ReportPeriod;
  readonly from: string;
  readonly to: string;
  readonly granularity: Granularity;
  /** What was entered under expenses in the period (bills, and stock purchases when the owner enters them there). */
  readonly expenses: { readonly total: number; readonly count: number };
  /** As of today, whatever the period. */
  readonly receivables: {
    readonly total: number;
    readonly bands: readonly { readonly band: AgeingBand; readonly total: number; readonly clients: number }[];
    readonly clients: readonly ReceivableClient[];
    readonly clientCount: number;
  };
  /** Sales of the period that left a product's stock below zero, newest first. */
  readonly oversold: readonly OversoldItem[];
  readonly oversoldCount: number;
  /** Whether the owner has any sale at all. */
  readonly anySales: boolean;
}

/** A period older than the device keeps, with no way to ask the server: no figures at all, never partial ones. */
export interface ReportOnlineOnly {
  readonly kind: 'online_only';
  readonly period: ReportPeriod;
  readonly from: string;
  readonly to: string;
  /** The oldest day the device keeps. */
  readonly keptFrom: string;
}

export type SalesReportView = SalesReport | ReportOnlineOnly;

export interface ReportsOptions {
  timeZone?: string;
  /** How often the report is recomputed without a change (ms); one minute by default. */
  tickMs?: number;
}

const json = <T>(docs: readonly { toJSON(): unknown }[]) => docs.map((doc) => doc.toJSON() as T);

function debtFacts(sales: readonly VendasDoc[], ledger: readonly FiadoLancamentosDoc[]): DebtFact[] {
  const facts: DebtFact[] = [];
  for (const sale of sales) {
    if (sale.tipo === 'fiado' && sale.cliente_id)
      facts.push({
        clienteId: sale.cliente_id,
        kind: 'debt',
        data: sale.data,
        createdAt: sale.created_at,
        // A split sale owes its fiado part only (docs/product.md §10).
        valor: fiadoPartOf(sale),
      });
  }
  for (const entry of ledger) {
    facts.push({
      clienteId: entry.cliente_id,
      kind: entry.tipo === 'pagamento' ? 'payment' : 'debt',
      data: entry.data,
      createdAt: entry.created_at,
      valor: entry.valor,
    });
  }
  return facts;
}

function stockEvents(sales: readonly VendasDoc[], facts: readonly HistoricoEstoqueDoc[]): StockEvent[] {
  const events: StockEvent[] = facts.map((fact) => ({
    produtoId: fact.produto_id,
    kind: fact.tipo,
    hlc: fact.hlc,
    id: fact.id,
    quantidade: fact.quantidade,
  }));
  for (const sale of sales) {
    const sold = new Map<string, number>();
    for (const item of sale.itens)
      sold.set(item.produto_id, (sold.get(item.produto_id) ?? 0) + Math.round(item.quantidade * 1000));
    for (const [produtoId, thousandths] of sold)
      events.push({ produtoId, kind: 'venda', hlc: sale.hlc, id: sale.id, quantidade: thousandths / 1000 });
  }
  return events;
}

/** The oldest day the device keeps, as of `today`. */
export function keptFrom(today: string): string {
  return addDays(today, -WINDOW_DAYS);
}

/** The period's sums: on the device inside the window, from the server beyond it (null: out of reach). */
async function periodSums(workspace: Workspace, range: ReportRange, server: ServerPeriods) {
  const db = workspace.database;
  if (range.from >= keptFrom(range.today)) {
    const [{ sums, todaySales }, expenseDocs] = await Promise.all([
      periodSumsOnDevice(workspace, range.from, range.to, range.today),
      db.despesas.find({ selector: { data: { $gte: range.from, $lte: range.to } } }).exec(),
    ]);
    const expenses = json<DespesasDoc>(expenseDocs);
    const cents = expenses.reduce((sum, expense) => sum + Math.round(expense.valor * 100), 0);
    return { source: 'device' as const, sums, todaySales, expenses: { cents, count: expenses.length } };
  }
  // Today, when the period reaches it, is the device's own (its sales may not be on the server yet).
  const withToday = range.to >= range.today;
  const lastDay = withToday ? addDays(range.today, -1) : range.to;
  const older = lastDay >= range.from ? await server.read(range.from, lastDay, workspace.connectivity.current().online) : null;
  if (lastDay >= range.from && !older) return null;
  const today = withToday ? await periodSumsOnDevice(workspace, range.today, range.today, range.today) : null;
  const sums = older?.sums ?? today?.sums;
  if (!sums) return null;
  if (older && today) {
    for (const [day, figures] of today.sums.days) sums.days.set(day, figures);
    for (const [id, product] of today.sums.products) {
      const known = sums.products.get(id);
      if (!known) sums.products.set(id, product);
      else {
        known.thousandths += product.thousandths;
        known.cents += product.cents;
        known.nome = product.nome;
        known.unidade = product.unidade;
      }
    }
  }
  let expenses = older?.expenses ?? { cents: 0, count: 0 };
  if (withToday) {
    const todayExpenses = json<DespesasDoc>(await db.despesas.find({ selector: { data: range.today } }).exec());
    expenses = {
      cents: expenses.cents + todayExpenses.reduce((sum, expense) => sum + Math.round(expense.valor * 100), 0),
      count: expenses.count + todayExpenses.length,
    };
  }
  return { source: 'server' as const, sums, todaySales: today?.todaySales ?? [], expenses };
}

/** Sales of the period that left their product's stock below zero, from the period's sales and the stock facts. */
async function oversoldOf(workspace: Workspace, range: ReportRange): Promise<OversoldItem[]> {
  const db = workspace.database;
  const periodDocs = await db.vendas.find({ selector: { data: { $gte: range.from, $lte: range.to } } }).exec();
  const inRange = json<VendasDoc>(periodDocs);
  if (inRange.length === 0) return [];
  const from = inRange.reduce((earliest, sale) => (sale.hlc < earliest ? sale.hlc : earliest), inRange[0]?.hlc ?? '');
  const [stockDocs] = await Promise.all([db.historico_estoque.find().exec(), workspace.counters.ready]);
  const stockFacts = json<HistoricoEstoqueDoc>(stockDocs);
  const readFrom = salesNeededFrom(stockEvents([], stockFacts), stockEvents(inRange, []), from);
  const sales = json<VendasDoc>(await db.vendas.find({ selector: readFrom === '' ? {} : { hlc: { $gte: readFrom } } }).exec());
  const saleById = new Map(inRange.map((sale) => [sale.id, sale]));
  return oversoldSince(stockEvents(sales, stockFacts), (id) => workspace.counters.stockOf(id), readFrom)
    .flatMap((entry): OversoldItem[] => {
      const sale = saleById.get(entry.saleId);
      const item = sale?.itens.find((line) => line.produto_id === entry.produtoId);
      if (!sale || !item) return [];
      const { saleId, produtoId, quantidade, estoqueDepois } = entry;
      return [
        { saleId, data: sale.data, produtoId, nome: item.nome_produto, unidade: item.unidade_produto, quantidade, estoqueDepois },
      ];
    })
    .sort((a, b) => (a.data === b.data ? a.nome.localeCompare(b.nome, 'pt-BR') : a.data < b.data ? 1 : -1));
}

/** Whether the owner has sold anything: a sale on the device, or a day of the rollups with sales. */
async function anySalesOf(workspace: Workspace): Promise<boolean> {
  const [sale, day] = await Promise.all([
    workspace.database.vendas.findOne().exec(),
    workspace.database.resumos_dia.findOne({ selector: { vendas: { $gt: 0 } } }).exec(),
  ]);
  return sale !== null || day !== null;
}

/** The whole report of `params` as of `now`. */
export async function computeReport(
  workspace: Workspace,
  params: ReportParams,
  now: number,
  timeZone: string,
  server: ServerPeriods = serverPeriods(workspace.client),
): Promise<SalesReportView> {
  const range = reportRange(params, now, timeZone);
  const db = workspace.database;
  const summed = await periodSums(workspace, range, server);
  if (!summed) {
    return { kind: 'online_only', period: range.period, from: range.from, to: range.to, keptFrom: keptFrom(range.today) };
  }
  const [fiadoDocs, ledgerDocs, clientDocs, oversold, anySales] = await Promise.all([
    db.vendas.find({ selector: { tipo: 'fiado' } }).exec(),
    db.fiado_lancamentos.find().exec(),
    db.clientes.find().exec(),
    oversoldOf(workspace, range),
    anySalesOf(workspace),
  ]);
  const prices = new Map(workspace.products.search('', Number.MAX_SAFE_INTEGER).map((doc) => [doc.id, doc.preco_compra ?? 0]));
  const purchasePrice = (produtoId: string) => prices.get(produtoId) ?? 0;
  const figures = periodFigures(summed.sums, range, purchasePrice, summed.todaySales);

  const names = new Map(clientDocs.map((doc) => [doc.id, doc.nome]));
  const receivables = receivablesOf(debtFacts(json<VendasDoc>(fiadoDocs), json<FiadoLancamentosDoc>(ledgerDocs)), range.today);

  return {
    ...figures,
    kind: 'figures',
    source: summed.source,
    period: range.period,
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    expenses: { total: summed.expenses.cents / 100, count: summed.expenses.count },
    receivables: {
      total: receivables.total,
      bands: receivables.bands,
      clients: receivables.clients
        .filter((client) => names.has(client.clienteId))
        .slice(0, LIST_SHOWN)
        .map((client) => ({ ...client, nome: names.get(client.clienteId) ?? '' })),
      clientCount: receivables.clients.length,
    },
    oversold: oversold.slice(0, LIST_SHOWN),
    oversoldCount: oversold.length,
    anySales,
  };
}

export function createReportsDomain(holder: WorkspaceHolder, options: ReportsOptions = {}) {
  const timeZone = options.timeZone ?? REPORT_TIME_ZONE;
  const tickMs = options.tickMs ?? 60_000;
  /** Per workspace, the server's answers for older periods (forgotten after each sync, below). */
  const periods = new WeakMap<Workspace, ServerPeriods>();
  const serverPeriodsOf = (workspace: Workspace): ServerPeriods => {
    const found = periods.get(workspace) ?? serverPeriods(workspace.client);
    periods.set(workspace, found);
    return found;
  };
  return {
    handlers: {},
    live: {
      /** The reports page: the period's figures, receivables by age and oversold sales; null while signed out. */
      salesReport: (params: ReportParams): Observable<SalesReportView | null> => {
        const checked = parseInput(reportParamsSchema, params);
        return liveInWorkspace(holder, { value: null }, (workspace) => {
          const server = serverPeriodsOf(workspace);
          const { vendas, despesas, fiado_lancamentos, historico_estoque, produtos, clientes, resumos_dia } = workspace.database;
          return merge(
            vendas.eventBulks$,
            despesas.eventBulks$,
            fiado_lancamentos.eventBulks$,
            historico_estoque.eventBulks$,
            produtos.eventBulks$,
            clientes.eventBulks$,
            resumos_dia.eventBulks$,
            // The oversold sales read the stock, which a base from the server moves too.
            workspace.counters.changes$,
            workspace.connectivity.changes.pipe(
              map((state) => state.online),
              distinctUntilChanged(),
            ),
            // After a sync the server's rollups may have moved: its answers are asked for again.
            workspace.sync.status$.pipe(
              map((status) => status.lastSyncedAt),
              distinctUntilChanged(),
              skip(1),
              tap(() => {
                server.refresh();
              }),
            ),
            interval(tickMs),
          ).pipe(
            // A burst of changes (a sync pulling thousands of sales) recomputes once, after it.
            auditTime(REFRESH_MS),
            startWith(null),
            switchMap(() => computeReport(workspace, checked, workspace.now(), timeZone, server)),
          );
        });
      },
    },
  };
}
