// The growth seeder: a shop of any size (sales, days, products, clients) for one owner, written in the shape the app
// writes (sales with their `itens` and HLCs at their instants, stock facts, fiado entries, expenses) by set-based
// SQL: the history is staged in temporary tables, then each table gets a few INSERT … SELECT statements whose
// statement triggers keep itens_venda, produtos.estoque and clientes.saldo_devedor exactly as for the app's own
// writes. `npm run seed -- --size large` writes LARGE_SHOP for GROWTH_OWNER; the growth bench seeds other sizes.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../local/db/database.ts';
import { accountExists, createAccount, grantPremium, setPixKey, type DemoAccount } from './accounts.ts';
import { CATALOG, CLIENT_NAMES, CLIENT_NOTES, SHELVES, SUPPLIERS } from './catalog.ts';
import { demoClock } from './clock.ts';
import {
  INSERT_LEDGER,
  INSERT_STOCK_FACTS,
  STAGE_COUNTS,
  STAGE_DELIVERIES,
  STAGE_LEDGER,
  STAGE_STOCK_FACTS,
  STOCK_STAGING_INDEXES,
} from './growth-facts-sql.ts';
import {
  INSERT_CLIENTS,
  INSERT_PRODUCTS,
  INSERT_SALES,
  STAGE_CLIENTS,
  STAGE_LINES,
  STAGE_PARAMS,
  STAGE_PRODUCTS,
  STAGE_SALES,
  STAGE_SALE_DOCUMENTS,
} from './growth-sql.ts';
import type { ClientPlan } from './plan-types.ts';
import { overdueMessage } from './plan.ts';
import { seededRandom } from './random.ts';
import { planRecords, type PlannedRecords } from './records.ts';
import { SEED_LOCK } from './seed.ts';
import { writePlan } from './write.ts';

/** The size of a shop's history. */
export interface GrowthShape {
  sales: number;
  /** Days of history ending today (at least 2). */
  days: number;
  products: number;
  clients: number;
}

/** A year of a busy mercadinho: `npm run seed -- --size large`. */
export const LARGE_SHOP: GrowthShape = { sales: 100_000, days: 365, products: 1_000, clients: 300 };

export const GROWTH_OWNER: DemoAccount = {
  id: '5eed0000-0000-4000-8000-000000000003',
  email: 'grande@caderneta.demo',
  password: 'caderneta123',
  nome: 'José Carlos Ferreira',
  nome_mercado: 'Supermercado Ferreira',
  telefone: '81988776655',
  role: 'owner',
  label: 'Loja grande',
};

const GROWTH_PIX = { chave_pix: '+5581988776655', cidade: 'Recife' } as const;
export const GROWTH_SEED = 20_270_101;

/** Told how long each statement took (its first line names it). */
export type StepListener = (statement: string, ms: number) => void;

export interface GrowthOptions {
  /** "Today" of the history (tests pin it); the real clock by default. */
  now?: Date;
  seed?: number;
  onStep?: StepListener;
}

/** What was written, row by row. */
export interface GrowthCounts {
  products: number;
  clients: number;
  sales: number;
  stockFacts: number;
  ledgerEntries: number;
  expenses: number;
}

/** Variant names of the products beyond the demo catalogue's (a second, third … line of the same item). */
const VARIANTS = ['Econômico', 'Premium', 'Tradicional', 'Família', 'Seleção', 'Especial', 'Caseiro', 'Gourmet'];
/** Sales per INSERT: the statement triggers work on transition tables, which a bounded size keeps cheap. */
const SALES_PER_STATEMENT = 25_000;
/** Overdue-fiado notices at most (the slow payers owing most). */
const OVERDUE_NOTICES = 8;

/** Notices for the slow payers who owe most, as the demo shop has for its own. */
async function overdueNotices(tx: Queryable): Promise<{ client: ClientPlan; mensagem: string }[]> {
  const { rows } = await tx.query<{ id: string; nome: string; saldo: string; ultima: string; created_at: string }>(
    `SELECT c.id::text, c.nome, c.saldo_devedor::text AS saldo, c.created_at::text,
            (SELECT max(d.data)::text FROM (SELECT v.data FROM public.vendas v WHERE v.cliente_id = c.id AND v.tipo = 'fiado'
                                             UNION ALL
                                             SELECT l.data FROM public.fiado_lancamentos l WHERE l.cliente_id = c.id AND l.tipo = 'debito') d)
              AS ultima
       FROM g_cliente g JOIN public.clientes c ON c.id = g.id
      WHERE g.fracao < 0.9 AND c.saldo_devedor > 0
      ORDER BY c.saldo_devedor DESC, g.idx
      LIMIT $1`,
    [OVERDUE_NOTICES],
  );
  return rows.map((row) => ({
    client: { id: row.id, nome: row.nome, telefone: null, is_fiado: true, observacoes: null, created_at: row.created_at },
    mensagem: overdueMessage(row.nome, Math.round(Number(row.saldo) * 100), row.ultima),
  }));
}

/** The records' ids made the owner's own (planRecords draws the same ids for the same seed). */
function ownRecords(records: PlannedRecords, userId: string): PlannedRecords {
  const own = (id: string): string => {
    const hex = createHash('md5').update(`${userId}:${id}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  return {
    categories: records.categories.map((category) => ({ ...category, id: own(category.id) })),
    expenses: records.expenses.map((expense) => ({
      ...expense,
      id: own(expense.id),
      categoria_id: expense.categoria_id === null ? null : own(expense.categoria_id),
    })),
    suppliers: records.suppliers.map((supplier) => ({ ...supplier, id: own(supplier.id) })),
    notifications: records.notifications.map((notification) => ({ ...notification, id: own(notification.id) })),
  };
}

/**
 * Writes the history of `shape` for the existing owner `userId`, inside the caller's transaction (the staging
 * tables are dropped at its commit). The same seed, shape and `now` write the same shop.
 */
export async function writeGrowthShop(
  tx: Queryable,
  userId: string,
  shape: GrowthShape,
  options: { now: Date; seed: number; onStep?: StepListener },
): Promise<GrowthCounts> {
  if (shape.days < 2) throw new Error('o histórico precisa de pelo menos 2 dias');
  const run = async (sql: string, params: readonly unknown[] = []): Promise<number> => {
    const started = performance.now();
    const result = await tx.query(sql, params);
    options.onStep?.(sql.trim().split('\n')[0] ?? sql, performance.now() - started);
    return result.rowCount;
  };
  // These statements run once each, over large sets: compiling them (JIT) would cost more than running them, and
  // their sorts fit in memory.
  await run('SET LOCAL jit = off');
  await run("SET LOCAL work_mem = '64MB'");
  await run(STAGE_PARAMS, [
    userId,
    options.seed,
    options.now.toISOString(),
    shape.days,
    shape.sales,
    shape.products,
    shape.clients,
  ]);
  const staged: [statement: string, params?: readonly unknown[]][] = [
    [STAGE_PRODUCTS, [JSON.stringify(CATALOG), JSON.stringify(VARIANTS), JSON.stringify(SHELVES)]],
    [STAGE_CLIENTS, [JSON.stringify(CLIENT_NAMES), JSON.stringify(CLIENT_NOTES)]],
    [STAGE_SALES],
    [STAGE_LINES],
    [STAGE_SALE_DOCUMENTS],
    [STAGE_DELIVERIES],
    ...STOCK_STAGING_INDEXES.map((statement): [string] => [statement]),
    [STAGE_COUNTS],
    [STAGE_STOCK_FACTS, [JSON.stringify(SUPPLIERS.map((supplier) => supplier.nome))]],
    [STAGE_LEDGER],
  ];
  for (const [statement, params] of staged) {
    await run(statement, params);
    // Without statistics the planner takes a staging table for a tiny one.
    const table = /CREATE TEMP TABLE (\w+)/.exec(statement)?.[1];
    if (table) await run(`ANALYZE ${table}`);
  }

  // The catalogue first, then the facts in the order the counters need: stock facts (each product recomputed
  // once), sales (exact deltas after each product's latest count), fiado entries (each client recomputed once).
  const products = await run(INSERT_PRODUCTS);
  const clients = await run(INSERT_CLIENTS);
  const stockFacts = await run(INSERT_STOCK_FACTS);
  let sales = 0;
  for (let start = 0; start < shape.sales; start += SALES_PER_STATEMENT) {
    sales += await run(INSERT_SALES, [start, start + SALES_PER_STATEMENT]);
  }
  // The balances' recomputation looks sales up by client: with the new rows counted (PGlite never analyzes on
  // its own), it does so by index.
  await run('ANALYZE public.vendas, public.itens_venda');
  const ledgerEntries = await run(INSERT_LEDGER);

  const clock = demoClock(options.now);
  const records = ownRecords(planRecords(seededRandom(options.seed), clock, -(shape.days - 1), await overdueNotices(tx)), userId);
  await writePlan(
    tx,
    { products: [], clients: [], days: [], ...records, expected: { stockMilli: new Map(), balanceCents: new Map() } },
    userId,
  );
  return { products, clients, sales, stockFacts, ledgerEntries, expenses: records.expenses.length };
}

/**
 * Creates `account` (Premium, with a PIX key) and writes its shop of `shape`, once: an account that already
 * exists is left as is (`counts` is then null).
 */
export async function seedGrowthOwner(
  db: Database,
  account: DemoAccount,
  shape: GrowthShape,
  options: GrowthOptions = {},
): Promise<{ created: boolean; counts: GrowthCounts | null }> {
  const now = options.now ?? new Date();
  const seed = options.seed ?? GROWTH_SEED;
  const counts = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if (await accountExists(tx, account)) return null;
    const opened = demoClock(now).at(-shape.days, 8, 0).toISOString();
    await createAccount(tx, account, opened);
    await grantPremium(tx, account.id, opened, new Date(now.getTime() + 365 * 86_400_000).toISOString());
    await setPixKey(tx, account.id, GROWTH_PIX);
    return writeGrowthShop(tx, account.id, shape, { now, seed, onStep: options.onStep });
  });
  // The counters' cut as the server keeps it for a shop open every day: at the start of yesterday, so the first
  // device to open today folds one day into the bases, not the whole history (which happens once, when the bases
  // first exist). Folded once the history is committed and the planner knows its size.
  if (counts !== null) {
    await db.query(
      'ANALYZE public.produtos, public.clientes, public.vendas, public.itens_venda, public.historico_estoque, public.fiado_lancamentos',
    );
    await db.query(
      `SELECT public.avancar_corte_ate($1::uuid,
         ((($2::timestamptz AT TIME ZONE 'America/Sao_Paulo')::date - 1)::timestamp AT TIME ZONE 'America/Sao_Paulo'))`,
      [account.id, now.toISOString()],
    );
  }
  return { created: counts !== null, counts };
}
