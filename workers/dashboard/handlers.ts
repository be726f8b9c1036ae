// The dashboard domain: live figures computed on the device from the daily rollups of the period's earlier days,
// today's sales and the sales the rollups do not hold yet (docs/growth.md §5), and the low-stock list from the
// products; recomputed when a sale, a rollup, a product or a stock fact changes (here, in another tab or from
// another device) and every minute (the hour and the day move on by themselves).
import { interval, map, merge, startWith, switchMap, type Observable } from 'rxjs';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { periodSumsOnDevice } from '../reports/period-sums.ts';
import { deviceTimeZone, localTimeOf, periodRange, type Period } from './buckets.ts';
import { dashboardFiguresOf, type DashboardFigures } from './figures.ts';

export type { Period } from './buckets.ts';
export type { ChartPoint, DashboardFigures, TopProduct } from './figures.ts';

/** The dashboard's low-stock list shows this many products (docs/product.md §9). */
export const LOW_STOCK_SHOWN = 5;

export interface LowStockItem {
  id: string;
  nome: string;
  unidade: string;
  estoque: number;
  estoqueMinimo: number;
}

export interface LowStockList {
  /** The first products below their minimum, lowest stock first. */
  items: LowStockItem[];
  /** How many products are below their minimum in all. */
  total: number;
}

/** The figures of a period, and whether the owner has any sale at all (a new owner sees where to start). */
export type DashboardView = DashboardFigures & { anySales: boolean };

export interface DashboardOptions {
  /** The owner's time zone; the device's by default. */
  timeZone?: () => string;
  /** How often the figures are recomputed without a change (ms); one minute by default. */
  tickMs?: number;
}

/** Whether the owner has sold anything: a sale on the device, or a day of the rollups with sales. */
async function anySalesOf(workspace: Workspace): Promise<boolean> {
  const [sale, day] = await Promise.all([
    workspace.database.vendas.findOne().exec(),
    workspace.database.resumos_dia.findOne({ selector: { vendas: { $gt: 0 } } }).exec(),
  ]);
  return sale !== null || day !== null;
}

function lowStockOf(workspace: Workspace): LowStockList {
  const low = workspace.products
    .search('', Number.MAX_SAFE_INTEGER)
    .map((doc) => ({
      id: doc.id,
      nome: doc.nome,
      unidade: doc.unidade,
      estoque: workspace.counters.stockOf(doc.id),
      estoqueMinimo: doc.estoque_minimo ?? 5,
    }))
    .filter((item) => item.estoque < item.estoqueMinimo)
    .sort((a, b) => a.estoque - b.estoque || a.nome.localeCompare(b.nome, 'pt-BR'));
  return { items: low.slice(0, LOW_STOCK_SHOWN), total: low.length };
}

export function createDashboardDomain(holder: WorkspaceHolder, options: DashboardOptions = {}) {
  const timeZone = options.timeZone ?? deviceTimeZone;
  const tickMs = options.tickMs ?? 60_000;
  return {
    handlers: {},
    live: {
      /** Today's sales and the period's chart, KPI cards and top products. */
      dashboardFigures: (params: { period: Period }): Observable<DashboardView | null> =>
        liveInWorkspace(holder, { value: null }, (workspace) =>
          merge(workspace.database.vendas.eventBulks$, workspace.database.resumos_dia.eventBulks$, interval(tickMs)).pipe(
            startWith(null),
            switchMap(async () => {
              const now = workspace.now();
              const zone = timeZone();
              const range = periodRange(params.period, now, zone);
              const today = localTimeOf(now, zone).date;
              const { sums, todaySales } = await periodSumsOnDevice(workspace, range.from, range.to, today);
              const figures = dashboardFiguresOf(sums, todaySales, params.period, now, zone);
              // Sales in the period answer it; only an empty period asks the database.
              const anySales = figures.kpis.count > 0 || figures.today.count > 0 || (await anySalesOf(workspace));
              return { ...figures, anySales };
            }),
          ),
        ),
      /** Products whose stock is below their minimum (the first few and the count). */
      dashboardLowStock: (): Observable<LowStockList> =>
        liveInWorkspace(holder, { value: { items: [], total: 0 } }, (workspace) => {
          return merge(workspace.database.produtos.eventBulks$, workspace.counters.changes$).pipe(
            startWith(null),
            map(() => lowStockOf(workspace)),
          );
        }),
    },
  };
}
