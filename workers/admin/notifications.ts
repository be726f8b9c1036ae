// The admin's notifications (docs/product.md §2 /admin/notifications): every owner's notifications a page at a time from
// the server, and send / mark read / delete through admins-only functions that also write the admin log
// (migration 0017). Online only, like the rest of the admin domain.
import { parseInput } from '../contract/input.ts';
import {
  notificationIdSchema,
  notificationsQuerySchema,
  NOTIFICATIONS_PAGE_SIZE,
  sendNotificationSchema,
  type NotificationsQuery,
  type SendNotificationInput,
} from './notifications-schema.ts';
import { reaching, rowsOrThrow, serverError, type AdminServer } from './server.ts';

/** How far a send to all reached: the owners it was written to, and how many of them read it. */
export interface NotificationReach {
  readonly recipients: number;
  readonly read: number;
}

export interface AdminNotificationRow {
  /** The notification's id, or the send's when it went to all. */
  readonly id: string;
  /** The owner; null for a send to all (one row for every owner it reached). */
  readonly userId: string | null;
  readonly tipo: string;
  readonly mensagem: string;
  readonly lido: boolean;
  readonly referenciaId: string | null;
  readonly createdAt: string;
  /** The owner's name and market; null when the owner has none (or is gone). */
  readonly userName: string | null;
  readonly userMarket: string | null;
  /** A send to all: its reach; null for an owner's own notification. */
  readonly reach: NotificationReach | null;
}

export interface AdminNotificationsPage {
  readonly rows: readonly AdminNotificationRow[];
  readonly total: number;
  readonly page: number;
  readonly pages: number;
}

interface PageRow {
  id: string;
  user_id: string | null;
  tipo: string;
  mensagem: string;
  lido: boolean;
  referencia_id: string | null;
  created_at: string;
  user_nome: string | null;
  user_nome_mercado: string | null;
  alcance: number | null;
  lidas: number | null;
  total: number | string;
}

export function createNotificationsHandlers(server: AdminServer) {
  return {
    /** One page of every owner's notifications, newest first, filtered by type and read status on the server. */
    async notificationsPage(query: NotificationsQuery = {}): Promise<AdminNotificationsPage> {
      const values = parseInput(notificationsQuerySchema, query);
      const client = server.online();
      const ask = async (page: number) => {
        const answer = await client.rpc('admin_notifications_page', {
          p_tipo: values.tipo,
          p_lido: values.read === 'all' ? null : values.read === 'read',
          p_limit: NOTIFICATIONS_PAGE_SIZE,
          p_offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
        });
        return rowsOrThrow(answer as { data: PageRow[] | null; error: typeof answer.error; status: number });
      };
      let page = values.page;
      let rows = await reaching(() => ask(page));
      // Past the last page (rows deleted meanwhile): the last page that has rows.
      if (rows.length === 0 && page > 1) {
        const first = await reaching(() => ask(1));
        page = Math.max(1, Math.ceil(Number(first[0]?.total ?? 0) / NOTIFICATIONS_PAGE_SIZE));
        rows = page === 1 ? first : await reaching(() => ask(page));
      }
      const total = Number(rows[0]?.total ?? 0);
      return {
        rows: rows.map((row) => ({
          id: row.id,
          userId: row.user_id,
          tipo: row.tipo,
          mensagem: row.mensagem,
          lido: row.lido,
          referenciaId: row.referencia_id,
          createdAt: row.created_at,
          userName: row.user_nome,
          userMarket: row.user_nome_mercado,
          reach: row.alcance === null ? null : { recipients: row.alcance, read: row.lidas ?? 0 },
        })),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)),
      };
    },

    /** How many users a send to all reaches (every account but the administrators). */
    async notificationRecipients(): Promise<number> {
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_count_notification_recipients'));
      if (answer.error) throw serverError(answer.error, answer.status);
      return Number(answer.data ?? 0);
    },

    /** Sends to one owner, or to every owner in one server call; the number of notifications written. */
    async sendNotification(input: SendNotificationInput): Promise<{ count: number }> {
      const value = parseInput(sendNotificationSchema, input);
      const client = server.online();
      const answer = await reaching(() =>
        client.rpc('admin_send_notification', {
          p_tipo: value.tipo,
          p_mensagem: value.mensagem,
          p_user_id: value.userId,
          p_referencia_id: value.referenciaId,
        }),
      );
      if (answer.error) throw serverError(answer.error, answer.status);
      return { count: Number(answer.data ?? 0) };
    },

    /** 'Marcar como lida' on an owner's notification (or every owner's row of a send to all); it reaches the owners' devices by replication. */
    async markNotificationRead(input: { id: string }): Promise<void> {
      const { id } = parseInput(notificationIdSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_mark_notification_read', { p_id: id }));
      if (answer.error) throw serverError(answer.error, answer.status);
    },

    /** Deletes an owner's notification, or a send to all for every owner (the soft delete the devices pull). */
    async deleteNotification(input: { id: string }): Promise<void> {
      const { id } = parseInput(notificationIdSchema, input);
      const client = server.online();
      const answer = await reaching(() => client.rpc('admin_delete_notification', { p_id: id }));
      if (answer.error) throw serverError(answer.error, answer.status);
    },
  };
}
