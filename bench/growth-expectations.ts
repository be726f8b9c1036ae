// What the growth bench expects a device to show for one owner, read from the server at the moment it is needed:
// the stock text of every product, the documents of each fact collection inside the device's window, today's and
// this week's sales, the product the sales are made with, and the range of the whole history's report.
import type { Queryable } from '../supabase/local/db/database.ts';

/** The owner's days (the dashboard's and the reports' time zone). */
const TIME_ZONE = 'America/Sao_Paulo';
/** Days of facts a device keeps (workers/sync/window.ts). */
const WINDOW_DAYS = 90;

/** Per fact collection, the rows the windowed pull keeps ($2: the window's first day; $3: its first instant), as
 * 9003_replication_window.sql decides. */
const WINDOW_FILTERS = {
  vendas: '(data >= $2 OR hlc COLLATE "C" >= public.hlc_do_instante($3) COLLATE "C")',
  historico_estoque: 'hlc COLLATE "C" >= public.hlc_do_instante($3) COLLATE "C"',
  fiado_lancamentos: '(data >= $2 OR created_at >= $3)',
  despesas: 'data >= $2',
} as const;

export interface SaleProduct {
  readonly id: string;
  readonly nome: string;
  readonly codigo_barras: string;
  readonly unidade: string;
}

export interface OwnerExpectations {
  /** Product name → the stock line its sale row shows ('Estoque: 12 un'). */
  stockTexts(): Promise<Record<string, string>>;
  /** Documents per fact collection inside the device's window on the server (deleted ones included, as the device
   * keeps them). */
  documentCounts(): Promise<Record<string, number>>;
  /** Sales of today and of this week (Monday to today), as the dashboard counts them. */
  todayAndWeek(): Promise<{ today: number; week: number }>;
  /** From the first sale's day to today, and how many sales that is. */
  reportRange(): Promise<{ from: string; to: string; count: number }>;
  /** The unit product with a barcode and the most stock: what the timed sales sell. */
  saleProduct(): Promise<SaleProduct>;
  stockOf(product: SaleProduct): Promise<number>;
  formatStock(value: number, product: Pick<SaleProduct, 'unidade'>): string;
}

const weight = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** As src/features/products/quantity.ts formatStock writes a stock. */
function formatStock(value: number, unidade: string): string {
  const weighed = unidade === 'kg' || unidade === 'g';
  return `${weight.format(weighed ? value : Math.round(value * 1000) / 1000)} ${unidade}`;
}

export function ownerExpectations(db: Queryable, userId: string): OwnerExpectations {
  const one = async <Row>(sql: string, params: unknown[] = []): Promise<Row> => {
    const { rows } = await db.query<Row>(sql, params);
    if (!rows[0]) throw new Error(`sem resposta: ${sql}`);
    return rows[0];
  };
  return {
    async stockTexts() {
      const { rows } = await db.query<{ nome: string; estoque: string; unidade: string }>(
        'SELECT nome, estoque::text, unidade FROM public.produtos WHERE user_id = $1 AND NOT _deleted',
        [userId],
      );
      return Object.fromEntries(rows.map((row) => [row.nome, `Estoque: ${formatStock(Number(row.estoque), row.unidade)}`]));
    },
    async documentCounts() {
      const counts: Record<string, number> = {};
      const { start } = await one<{ start: string }>(
        `SELECT ((now() AT TIME ZONE '${TIME_ZONE}')::date - ${WINDOW_DAYS})::text AS start`,
      );
      for (const [table, filter] of Object.entries(WINDOW_FILTERS)) {
        const row = await one<{ n: number }>(
          `SELECT count(*)::int AS n FROM public.${table}
            WHERE user_id = $1 AND ${filter.replaceAll('$3', `($2::date::timestamp AT TIME ZONE '${TIME_ZONE}')`)}`,
          [userId, start],
        );
        counts[table] = row.n;
      }
      return counts;
    },
    todayAndWeek() {
      return one<{ today: number; week: number }>(
        `WITH hoje AS (SELECT (now() AT TIME ZONE '${TIME_ZONE}')::date AS dia)
         SELECT count(*) FILTER (WHERE (v.created_at AT TIME ZONE '${TIME_ZONE}')::date = h.dia)::int AS today,
                count(*) FILTER (WHERE (v.created_at AT TIME ZONE '${TIME_ZONE}')::date BETWEEN date_trunc('week', h.dia)::date AND h.dia)::int
                  AS week
           FROM hoje h JOIN public.vendas v ON v.user_id = $1 AND NOT v._deleted`,
        [userId],
      );
    },
    reportRange() {
      return one<{ from: string; to: string; count: number }>(
        `SELECT min(data)::text AS from, (now() AT TIME ZONE '${TIME_ZONE}')::date::text AS to, count(*)::int AS count
           FROM public.vendas WHERE user_id = $1 AND NOT _deleted`,
        [userId],
      );
    },
    saleProduct() {
      return one<SaleProduct>(
        `SELECT id::text, nome, codigo_barras, unidade FROM public.produtos
          WHERE user_id = $1 AND NOT _deleted AND unidade = 'un' AND codigo_barras IS NOT NULL
          ORDER BY estoque DESC, nome LIMIT 1`,
        [userId],
      );
    },
    async stockOf(product) {
      const row = await one<{ estoque: string }>('SELECT estoque::text FROM public.produtos WHERE id = $1', [product.id]);
      return Number(row.estoque);
    },
    formatStock: (value, product) => formatStock(value, product.unidade),
  };
}
