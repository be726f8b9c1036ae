// The reports domain: one live report of a period, computed on the device from its sales, expenses, fiado ledger
// and stock facts; recomputed when any of them changes (a sale in another tab, a sync) and every minute.
import { auditTime, interval, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { DespesasDoc, FiadoLancamentosDoc, HistoricoEstoqueDoc, VendasDoc } from '../../schemas/index.ts';
import { parseInput } from '../contract/input.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { receivablesOf, type AgeingBand, type DebtFact } from './ageing.ts';
import { salesFigures, type SalesFigures } from './figures.ts';
import { oversoldSales, type StockEvent } from './oversold.ts';
import { REPORT_TIME_ZONE, reportRange, type Granularity } from './periods.ts';
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
      facts.push({ clienteId: sale.cliente_id, kind: 'debt', data: sale.data, createdAt: sale.created_at, valor: sale.total });
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

/** The whole report of `params` as of `now`. */
export async function computeReport(
  workspace: Workspace,
  params: ReportParams,
  now: number,
  timeZone: string,
): Promise<SalesReport> {
  const range = reportRange(params, now, timeZone);
  const db = workspace.database;
  const [salesDocs, expenseDocs, ledgerDocs, stockDocs, clientDocs] = await Promise.all([
    db.vendas.find().exec(),
    db.despesas.find({ selector: { data: { $gte: range.from, $lte: range.to } } }).exec(),
    db.fiado_lancamentos.find().exec(),
    db.historico_estoque.find().exec(),
    db.clientes.find().exec(),
  ]);
  const sales = json<VendasDoc>(salesDocs);
  const inRange = sales.filter((sale) => sale.data >= range.from && sale.data <= range.to);
  const prices = new Map(workspace.products.search('', Number.MAX_SAFE_INTEGER).map((doc) => [doc.id, doc.preco_compra ?? 0]));
  const purchasePrice = (produtoId: string) => prices.get(produtoId) ?? 0;
  const figures = salesFigures(inRange, range, purchasePrice);
  const expenses = json<DespesasDoc>(expenseDocs);
  const expenseCents = expenses.reduce((sum, expense) => sum + Math.round(expense.valor * 100), 0);

  const names = new Map(clientDocs.map((doc) => [doc.id, doc.nome]));
  const receivables = receivablesOf(debtFacts(sales, json<FiadoLancamentosDoc>(ledgerDocs)), range.today);

  const saleById = new Map(inRange.map((sale) => [sale.id, sale]));
  const oversold = oversoldSales(stockEvents(sales, json<HistoricoEstoqueDoc>(stockDocs)))
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

  return {
    ...figures,
    period: range.period,
    from: range.from,
    to: range.to,
    granularity: range.granularity,
    expenses: { total: expenseCents / 100, count: expenses.length },
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
    anySales: sales.length > 0,
  };
}

export function createReportsDomain(holder: WorkspaceHolder, options: ReportsOptions = {}) {
  const timeZone = options.timeZone ?? REPORT_TIME_ZONE;
  const tickMs = options.tickMs ?? 60_000;
  return {
    handlers: {},
    live: {
      /** The reports page: the period's figures, receivables by age and oversold sales; null while signed out. */
      salesReport: (params: ReportParams): Observable<SalesReport | null> => {
        const checked = parseInput(reportParamsSchema, params);
        return holder.workspace$.pipe(
          switchMap((workspace) => {
            if (!workspace) return of(null);
            const { vendas, despesas, fiado_lancamentos, historico_estoque, produtos, clientes } = workspace.database;
            return merge(
              vendas.eventBulks$,
              despesas.eventBulks$,
              fiado_lancamentos.eventBulks$,
              historico_estoque.eventBulks$,
              produtos.eventBulks$,
              clientes.eventBulks$,
              interval(tickMs),
            ).pipe(
              // A burst of changes (a sync pulling thousands of sales) recomputes once, after it.
              auditTime(REFRESH_MS),
              startWith(null),
              switchMap(() => computeReport(workspace, checked, workspace.now(), timeZone)),
            );
          }),
        );
      },
    },
  };
}
