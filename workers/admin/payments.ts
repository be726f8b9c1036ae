// /admin/payments on the server (docs/product.md §2, §7): the four cards (admin_payments_stats), one page of 10 payments
// filtered there (admin_payments_page), and the whole filtered list for the CSV export, a page of 500 at a time.
import { parseInput } from '../contract/input.ts';
import { ADMIN_PAGE_SIZE } from './schema.ts';
import {
  PAYMENTS_EXPORT_MAX,
  paymentsFilterSchema,
  paymentsQuerySchema,
  type PaymentsFilter,
  type PaymentsQuery,
} from './payments-schema.ts';
import { reaching, rowsOrThrow, type AdminServer } from './server.ts';

export interface AdminPaymentRow {
  readonly id: string;
  readonly userId: string;
  readonly nome: string | null;
  readonly email: string | null;
  readonly status: string;
  readonly plan: string;
  /** monthly, yearly or null. */
  readonly period: string | null;
  /** The stored amount, or the plan's list price when none is stored (the server decides). */
  readonly amount: number;
  readonly transactionId: string | null;
  readonly createdAt: string;
}

export interface AdminPaymentsPage {
  readonly rows: readonly AdminPaymentRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

export interface AdminPaymentStats {
  /** Paid payments' amounts (R$). */
  readonly revenue: number;
  readonly transactions: number;
  readonly pending: number;
  /** Premium payments made this month and paid, one per user. */
  readonly activeSubscriptions: number;
}

interface PaymentsPageRow {
  id: string;
  user_id: string;
  nome: string | null;
  email: string | null;
  status: string;
  plano: string;
  periodo: string | null;
  valor: number | string;
  transacao_id: string | null;
  created_at: string;
  total: number | string;
}

interface StatsRow {
  receita_total: number | string;
  total_transacoes: number | string;
  pendentes: number | string;
  assinaturas_ativas: number | string;
}

const EXPORT_CHUNK = 500;

const toRow = (row: PaymentsPageRow): AdminPaymentRow => ({
  id: row.id,
  userId: row.user_id,
  nome: row.nome,
  email: row.email,
  status: row.status,
  plan: row.plano,
  period: row.periodo,
  amount: Number(row.valor),
  transactionId: row.transacao_id,
  createdAt: row.created_at,
});

export function createPaymentsHandlers(server: AdminServer) {
  const ask = async (filter: ReturnType<typeof parseFilter>, limit: number, offset: number) => {
    const client = server.online();
    const answer = await reaching(() =>
      client.rpc('admin_payments_page', {
        p_search: filter.search === '' ? null : filter.search,
        p_status: filter.status,
        p_plano: filter.plan,
        p_periodo: filter.period,
        p_limit: limit,
        p_offset: offset,
      }),
    );
    return rowsOrThrow(answer as { data: PaymentsPageRow[] | null; error: typeof answer.error; status: number });
  };

  return {
    /** One page of 10 payments, newest first, with the total of the filtered list; past the end, the last page. */
    async paymentsPage(query: PaymentsQuery = {}): Promise<AdminPaymentsPage> {
      const { page: wanted, ...filter } = parseInput(paymentsQuerySchema, query);
      let page = wanted;
      let rows = await ask(filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      if (rows.length === 0 && page > 1) {
        const first = await ask(filter, ADMIN_PAGE_SIZE, 0);
        page = Math.max(1, Math.ceil(Number(first[0]?.total ?? 0) / ADMIN_PAGE_SIZE));
        rows = page === 1 ? first : await ask(filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
      }
      const total = Number(rows[0]?.total ?? 0);
      return { rows: rows.map(toRow), total, page, pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
    },

    /** The four cards, over every payment. */
    async paymentsStats(): Promise<AdminPaymentStats> {
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_payments_stats'));
      const row = rowsOrThrow(answer as { data: StatsRow[] | null; error: typeof answer.error; status: number })[0];
      return {
        revenue: Number(row?.receita_total ?? 0),
        transactions: Number(row?.total_transacoes ?? 0),
        pending: Number(row?.pendentes ?? 0),
        activeSubscriptions: Number(row?.assinaturas_ativas ?? 0),
      };
    },

    /** Every payment the filters match (at most 5000), newest first, for 'Exportar'. */
    async paymentsExport(filter: PaymentsFilter = {}): Promise<readonly AdminPaymentRow[]> {
      const values = parseFilter(filter);
      const rows: AdminPaymentRow[] = [];
      for (;;) {
        const chunk = await ask(values, EXPORT_CHUNK, rows.length);
        rows.push(...chunk.map(toRow));
        const total = Number(chunk[0]?.total ?? 0);
        if (chunk.length < EXPORT_CHUNK || rows.length >= Math.min(total, PAYMENTS_EXPORT_MAX)) break;
      }
      return rows.slice(0, PAYMENTS_EXPORT_MAX);
    },
  };
}

function parseFilter(filter: PaymentsFilter) {
  return parseInput(paymentsFilterSchema, filter);
}
