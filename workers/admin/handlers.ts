// The admin domain (docs/product.md §2 Admin area, §7 Admin): online-only reads and writes on the server through the
// signed-in client; nothing is kept on the device. Offline every call refuses with DataError 'offline'.
import type { SupabaseClient } from '@supabase/supabase-js';
import { toAccountError } from '../account/errors.ts';
import { DataError } from '../contract/errors.ts';
import { parseInput } from '../contract/input.ts';
import type { ConnectivitySource } from '../system/connectivity.ts';
import { planFigures } from './figures.ts';
import { createPaymentsHandlers } from './payments.ts';
import { createProductsHandlers } from './products.ts';
import { createSalesHandlers } from './sales.ts';
import { createNotificationsHandlers } from './notifications.ts';
import {
  editUserSchema,
  LOGS_PAGE_SIZE,
  logsQuerySchema,
  PREMIUM_GRANT_DAYS,
  resendSchema,
  setPlanSchema,
  setStatusSchema,
  suspendSchema,
  userIdSchema,
  usersQuerySchema,
  type EditUserInput,
  type LogKind,
  type LogsQuery,
  type UserPlan,
  type UsersQuery,
  type UserStatus,
} from './schema.ts';
import { createAdminServer, reaching, rowsOrThrow, serverError } from './server.ts';
import { createSettingsHandlers } from './settings.ts';
import { createSupportHandlers } from './support.ts';

export type { AdminPaymentRow, AdminPaymentsPage, AdminPaymentStats } from './payments.ts';
export type { AdminSetting, BlockedIp, BlockedIpsList, SlaAlert } from './settings.ts';
export type { AdminProductCategory, AdminProductOwner, AdminProductRow, AdminProductsPage } from './products.ts';
export type { AdminSaleRow, AdminSalesPage } from './sales.ts';
export type { OwnersQuery, ProductsQuery, SalesQuery, SaleType } from './products-sales-schema.ts';
export type { AdminNotificationRow, AdminNotificationsPage } from './notifications.ts';
export type {
  NotificationsQuery,
  NotificationType,
  ReadFilter,
  SendableNotificationType,
  SendNotificationInput,
} from './notifications-schema.ts';
export type { BoardQuery } from './support-schema.ts';
export type { SupportBoard, SupportColumn, SupportMessage, SupportTicketCard, SupportTicketDetail } from './support.ts';

export interface AdminLogEntry {
  readonly id: string;
  readonly action: string;
  readonly targetType: string | null;
  readonly targetId: string | null;
  readonly createdAt: string;
}

export interface AdminDashboard {
  readonly totalUsers: number;
  readonly premiumUsers: number;
  readonly freeUsers: number;
  readonly products: number;
  readonly newThisWeek: number;
  readonly mrr: number;
  readonly arr: number;
  /** Percent with one decimal. */
  readonly conversion: number;
  readonly recentActivity: readonly AdminLogEntry[];
}

export interface AdminUserRow {
  readonly id: string;
  readonly nome: string | null;
  readonly email: string | null;
  readonly telefone: string | null;
  readonly nomeMercado: string | null;
  readonly plan: string;
  readonly status: string;
  readonly planStart: string | null;
  readonly planEnd: string | null;
  readonly emailConfirmed: boolean;
  readonly lastSignIn: string | null;
  readonly createdAt: string;
  /** Banned in Auth ('Banir'): the card says 'Banido' rather than 'Suspenso'. */
  readonly banned: boolean;
  /** The reason the admin gave when suspending or banning, shown on the card. */
  readonly suspensionReason: string | null;
}

export interface AdminUsersPage {
  readonly rows: readonly AdminUserRow[];
  /** Users matching the filters, over every page. */
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

interface UsersPageRow {
  id: string;
  nome: string | null;
  email: string | null;
  telefone: string | null;
  nome_mercado: string | null;
  plano: string;
  status_pagamento: string;
  data_inicio_plano: string | null;
  data_fim_plano: string | null;
  email_confirmed: boolean;
  last_sign_in_at: string | null;
  created_at: string;
  banido: boolean;
  motivo_suspensao: string | null;
  /** bigint: a number in JSON, kept safe if a server sends it as text. */
  total: number | string;
}

export interface AdminLogRow {
  readonly id: string;
  readonly action: string;
  /** Admin log: the target's type; security log: null. */
  readonly targetType: string | null;
  readonly targetId: string | null;
  /** Security log: whether the attempt was blocked ('Bloqueado') or only watched ('Monitorado'). */
  readonly blocked: boolean | null;
  /** The admin (admin log) or the user (security log) it concerns. */
  readonly actorId: string | null;
  readonly ip: string | null;
  readonly details: unknown;
  readonly createdAt: string;
}

export interface AdminLogsPage {
  readonly kind: LogKind;
  readonly rows: readonly AdminLogRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

interface FullLogRow {
  id: string;
  action: string;
  target_type?: string | null;
  target_id?: string | null;
  blocked?: boolean | null;
  admin_id?: string | null;
  user_id?: string | null;
  ip_address: string | null;
  details: unknown;
  created_at: string;
}

/** Text for a PostgREST or=(…) filter: its own syntax characters and the pattern's wildcards (* %) dropped. */
const filterText = (text: string) => text.replace(/[,()*%\\:"']/g, ' ').trim();

interface LogRow {
  id: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  created_at: string;
}

const DAY_MS = 86_400_000;
/** The bucket of product photos (workers/images). */
const PRODUCT_IMAGES = 'product-images';

/** 'yyyy-MM-dd' as the end of that day in São Paulo, so the date shown is the date picked. */
const endOfDay = (day: string) => `${day}T23:59:59.999-03:00`;

async function countOf(client: SupabaseClient, rpc: string): Promise<number> {
  const answer = await client.rpc(rpc);
  const rows = rowsOrThrow(answer as { data: { count: number | string }[] | null; error: typeof answer.error; status: number });
  return Number(rows[0]?.count ?? 0);
}

/** What owners really pay a month, in reais (numeric: a number or text in JSON). */
async function monthlyRevenueOf(client: SupabaseClient): Promise<number> {
  const answer = await client.rpc('admin_monthly_revenue');
  if (answer.error) throw serverError(answer.error, answer.status);
  return Number(answer.data ?? 0);
}

function toUserRow(row: UsersPageRow): AdminUserRow {
  return {
    id: row.id,
    nome: row.nome,
    email: row.email,
    telefone: row.telefone,
    nomeMercado: row.nome_mercado,
    plan: row.plano,
    status: row.status_pagamento,
    planStart: row.data_inicio_plano,
    planEnd: row.data_fim_plano,
    emailConfirmed: row.email_confirmed,
    lastSignIn: row.last_sign_in_at,
    createdAt: row.created_at,
    banned: row.banido,
    suspensionReason: row.motivo_suspensao,
  };
}

export interface AdminDomainOptions {
  /** The signed-in supabase-js client (the account domain's). */
  readonly client: () => SupabaseClient;
  readonly connectivity: ConnectivitySource;
  /** The clock of the premium grant (tests pin it). */
  readonly now?: () => number;
}

export function createAdminDomain(options: AdminDomainOptions) {
  const server = createAdminServer(options.client, options.connectivity);
  const now = options.now ?? Date.now;

  async function usersPage(query: UsersQuery = {}): Promise<AdminUsersPage> {
    const values = parseInput(usersQuerySchema, query);
    const client = server.online();
    const ask = async (page: number) => {
      const answer = await client.rpc('admin_users_page', {
        p_search: values.search === '' ? null : values.search,
        p_plano: values.plan,
        p_status: values.status,
        p_confirmed: values.confirmed,
        p_inactive_days: values.inactiveDays,
        p_sort: values.sort,
        p_limit: values.pageSize,
        p_offset: (page - 1) * values.pageSize,
      });
      return rowsOrThrow(answer as { data: UsersPageRow[] | null; error: typeof answer.error; status: number });
    };
    let page = values.page;
    let rows = await reaching(() => ask(page));
    // Past the last page (the list shrank meanwhile): the last page that has rows.
    if (rows.length === 0 && page > 1) {
      const first = await reaching(() => ask(1));
      const total = Number(first[0]?.total ?? 0);
      page = Math.max(1, Math.ceil(total / values.pageSize));
      rows = page === 1 ? first : await reaching(() => ask(page));
    }
    const total = Number(rows[0]?.total ?? 0);
    return { rows: rows.map(toUserRow), total, page, pages: Math.max(1, Math.ceil(total / values.pageSize)) };
  }

  async function suspendWith(input: { userId: string; reason: string }, ban: boolean): Promise<void> {
    const { userId, reason } = parseInput(suspendSchema, input);
    const client = server.online();
    const answer = await reaching(() => client.rpc('admin_suspend_user', { p_user_id: userId, p_motivo: reason, p_banir: ban }));
    if (answer.error) throw serverError(answer.error, answer.status);
  }

  async function updateUser(userId: string, changes: Record<string, unknown>): Promise<void> {
    const client = server.online();
    const answer = await reaching(() => client.from('users').update(changes).eq('id', userId).select('id'));
    if (rowsOrThrow(answer).length === 0) throw new DataError('not_found');
  }

  const handlers = {
    ...createPaymentsHandlers(server),
    ...createSettingsHandlers(server),
    ...createSupportHandlers(server),
    ...createProductsHandlers(server),
    ...createSalesHandlers(server),
    ...createNotificationsHandlers(server),
    /** The /admin dashboard's cards (docs/product.md §2): counters, plan figures and the last 5 admin log entries. */
    async dashboard(): Promise<AdminDashboard> {
      const client = server.online();
      const [totalUsers, premiumUsers, products, newThisWeek, monthlyRevenue, logs] = await reaching(() =>
        Promise.all([
          countOf(client, 'count_users'),
          countOf(client, 'count_premium_users'),
          countOf(client, 'count_products'),
          countOf(client, 'count_recent_users'),
          monthlyRevenueOf(client),
          client
            .from('admin_logs')
            .select('id, action, target_type, target_id, created_at')
            .order('created_at', { ascending: false })
            .limit(5)
            .then((answer) => rowsOrThrow<LogRow>(answer)),
        ]),
      );
      const figures = planFigures(totalUsers, premiumUsers, monthlyRevenue);
      return {
        totalUsers,
        premiumUsers,
        freeUsers: figures.free,
        products,
        newThisWeek,
        mrr: figures.mrr,
        arr: figures.arr,
        conversion: figures.conversion,
        recentActivity: logs.map((row) => ({
          id: row.id,
          action: row.action,
          targetType: row.target_type,
          targetId: row.target_id,
          createdAt: row.created_at,
        })),
      };
    },

    /** One page of 10 users with the total, filtered and sorted on the server. */
    usersPage,

    /** /admin/logs: admin or security log entries, newest first, 20 a page with the total, searched on the server. */
    async logsPage(query: LogsQuery = {}): Promise<AdminLogsPage> {
      const { kind, search, page } = parseInput(logsQuerySchema, query);
      const client = server.online();
      const table = kind === 'admin' ? 'admin_logs' : 'security_logs';
      const text = filterText(search);
      const ask = (wanted: number) => {
        let request = client
          .from(table)
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range((wanted - 1) * LOGS_PAGE_SIZE, wanted * LOGS_PAGE_SIZE - 1);
        if (text !== '') {
          // detalhes_texto: the details as text (0035), so a search finds what they hold.
          const columns =
            kind === 'admin'
              ? ['action', 'target_type', 'target_id', 'ip_address', 'detalhes_texto']
              : ['action', 'ip_address', 'detalhes_texto'];
          request = request.or(columns.map((column) => `${column}.ilike.*${text}*`).join(','));
        }
        return request;
      };
      let wanted = page;
      let answer = await reaching(() => ask(wanted));
      // Past the end: PostgREST answers 416; the last page instead.
      if (answer.error && answer.status === 416 && wanted > 1) {
        const first = await reaching(() => ask(1));
        wanted = Math.max(1, Math.ceil((first.count ?? 0) / LOGS_PAGE_SIZE));
        answer = wanted === 1 ? first : await reaching(() => ask(wanted));
      }
      const rows = rowsOrThrow<FullLogRow>(answer);
      const total = answer.count ?? rows.length;
      return {
        kind,
        rows: rows.map((row) => ({
          id: row.id,
          action: row.action,
          targetType: row.target_type ?? null,
          targetId: row.target_id ?? null,
          blocked: kind === 'security' ? Boolean(row.blocked) : null,
          actorId: (kind === 'admin' ? row.admin_id : row.user_id) ?? null,
          ip: row.ip_address,
          details: row.details,
          createdAt: row.created_at,
        })),
        total,
        page: wanted,
        pages: Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE)),
      };
    },

    /** Premium for 30 days from now, or back to free with no end date (docs/product.md §4); the status stays as it is. */
    async setPlan(input: { userId: string; plan: UserPlan }): Promise<void> {
      const { userId, plan } = parseInput(setPlanSchema, input);
      const client = server.online();
      const until = plan === 'premium' ? new Date(now() + PREMIUM_GRANT_DAYS * DAY_MS).toISOString() : null;
      const answer = await reaching(() =>
        client.rpc('admin_update_user_plan', { p_user_id: userId, p_plano: plan, p_data_fim_plano: until }),
      );
      if (answer.error) throw serverError(answer.error, answer.status);
    },

    /** ativo / inativo / suspenso; the suspend toggle and 'Banir' (suspenso) use it. */
    async setStatus(input: { userId: string; status: UserStatus }): Promise<void> {
      const { userId, status } = parseInput(setStatusSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_update_user_status', { p_user_id: userId, p_status: status }));
      if (answer.error) throw serverError(answer.error, answer.status);
    },

    /** 'Suspender': the account suspended with the reason its owner is told on sign-in. */
    async suspend(input: { userId: string; reason: string }): Promise<void> {
      await suspendWith(input, false);
    },

    /** 'Banir': suspended and banned in Auth, with the reason its owner is told on sign-in. */
    async ban(input: { userId: string; reason: string }): Promise<void> {
      await suspendWith(input, true);
    },

    /** The edit modal's fields saved on the profile; without a status, the profile's status is kept. */
    async editUser(input: EditUserInput): Promise<void> {
      const value = parseInput(editUserSchema, input);
      await updateUser(value.userId, {
        nome: value.nome,
        email: value.email,
        telefone: value.telefone,
        nome_mercado: value.nomeMercado,
        plano: value.plan,
        ...(value.status === undefined ? {} : { status_pagamento: value.status }),
        data_fim_plano: value.planEnd === null ? null : endOfDay(value.planEnd),
      });
    },

    /**
     * 'Excluir' (irreversible): the owner's photos removed from product-images, then the auth user, profile and
     * every row of theirs on the server (admin_delete_user, one transaction, logged by the server).
     */
    async deleteUser(input: { userId: string }): Promise<void> {
      const { userId } = parseInput(userIdSchema, input);
      const client = server.online();
      const bucket = client.storage.from(PRODUCT_IMAGES);
      for (const folder of [`${userId}/produtos`, userId]) {
        for (;;) {
          const listed = await reaching(() => bucket.list(folder, { limit: 100 }));
          if (listed.error) throw new DataError('internal', { diagnostic: listed.error.message });
          // Folders are listed with a null id; only objects are removed.
          const paths = listed.data.filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
          if (paths.length === 0) break;
          const removed = await reaching(() => bucket.remove(paths));
          if (removed.error) throw new DataError('internal', { diagnostic: removed.error.message });
        }
      }
      const answer = await reaching(() => client.rpc('admin_delete_user', { p_user_id: userId }));
      if (answer.error) throw serverError(answer.error, answer.status);
    },

    /** Sends the sign-up confirmation email again (type signup). */
    async resendConfirmation(input: { email: string }): Promise<void> {
      const { email } = parseInput(resendSchema, input);
      const client = server.online();
      const { error } = await reaching(() => client.auth.resend({ type: 'signup', email }));
      if (error) throw toAccountError(error);
    },
  };

  return { handlers };
}
