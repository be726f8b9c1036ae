// The dashboard domain: live figures computed on the device from the local sales and products, recomputed when a
// sale, product or stock fact changes (here, in another tab or from another device) and every minute (the hour
// and the day move on by themselves).
import { interval, map, merge, of, startWith, switchMap, type Observable } from 'rxjs';
import type { VendasDoc } from '../../schemas/index.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { addDays, deviceTimeZone, periodRange, type Period } from './buckets.ts';
import { dashboardFigures, type DashboardFigures } from './figures.ts';

export type { Period } from './buckets.ts';
export type { ChartPoint, DashboardFigures, TopProduct } from './figures.ts';

/** The dashboard's low-stock list shows this many products (spec 1 §9). */
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

function withWorkspace<T>(holder: WorkspaceHolder, empty: T, read: (workspace: Workspace) => Observable<T>): Observable<T> {
  return holder.workspace$.pipe(switchMap((workspace) => (workspace ? read(workspace) : of(empty))));
}

/** The sales whose stored calendar date is near the period (a sale's local day is decided from created_at). */
async function salesAround(workspace: Workspace, from: string, to: string): Promise<VendasDoc[]> {
  const docs = await workspace.database.vendas
    .find({ selector: { data: { $gte: addDays(from, -2), $lte: addDays(to, 2) } } })
    .exec();
  return docs.map((doc) => doc.toJSON() as VendasDoc);
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
        withWorkspace(holder, null, (workspace) =>
          merge(workspace.database.vendas.eventBulks$, interval(tickMs)).pipe(
            startWith(null),
            switchMap(async () => {
              const now = workspace.now();
              const zone = timeZone();
              const range = periodRange(params.period, now, zone);
              const [sales, all] = await Promise.all([
                salesAround(workspace, range.from, range.to),
                workspace.database.vendas.count().exec(),
              ]);
              return { ...dashboardFigures(sales, params.period, now, zone), anySales: all > 0 };
            }),
          ),
        ),
      /** Products whose stock is below their minimum (the first few and the count). */
      dashboardLowStock: (): Observable<LowStockList> =>
        withWorkspace(holder, { items: [], total: 0 }, (workspace) => {
          const { produtos, historico_estoque, vendas } = workspace.database;
          return merge(produtos.eventBulks$, historico_estoque.eventBulks$, vendas.eventBulks$).pipe(
            startWith(null),
            map(() => lowStockOf(workspace)),
          );
        }),
    },
  };
}
