// The admin notifications' inputs (docs/product.md §2 /admin/notifications, §3 Notification): the list's filters and page,
// and the send form (Tipo, Usuário blank for all, Mensagem, ID de referência). Limits are notificacoes' CHECKs.
import * as v from 'valibot';
import { optionalText, recordId, requiredText } from '../contract/input.ts';

/** Notifications a page (the admin lists' larger size, docs/product.md §9). */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Types an admin may send (docs/product.md §3). */
export const SENDABLE_NOTIFICATION_TYPES = ['sistema', 'promocao', 'aviso', 'manutencao', 'novidade'] as const;
/** Types the server writes by itself; the list filters by them too. */
export const SYSTEM_NOTIFICATION_TYPES = [
  'estoque_baixo',
  'estoque_zerado',
  'plano_vencido',
  'plano_prestes_vencer',
  'fiado_vencido',
  'resposta_suporte',
] as const;
export const NOTIFICATION_TYPES = [...SENDABLE_NOTIFICATION_TYPES, ...SYSTEM_NOTIFICATION_TYPES] as const;
/** The read-status filter: Todas, Lidas, Não Lidas. */
export const READ_FILTERS = ['all', 'read', 'unread'] as const;

export type SendableNotificationType = (typeof SENDABLE_NOTIFICATION_TYPES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type ReadFilter = (typeof READ_FILTERS)[number];

export const notificationsQuerySchema = v.object({
  tipo: v.optional(v.nullable(v.picklist(NOTIFICATION_TYPES, 'invalid_option')), null),
  read: v.optional(v.picklist(READ_FILTERS, 'invalid_option'), 'all'),
  page: v.optional(v.pipe(v.number('invalid_type'), v.integer('invalid_type'), v.minValue(1, 'too_small')), 1),
});

export type NotificationsQuery = v.InferInput<typeof notificationsQuerySchema>;

export const sendNotificationSchema = v.object({
  tipo: v.picklist(SENDABLE_NOTIFICATION_TYPES, 'required'),
  /** Blank or null: every owner. */
  userId: v.nullish(
    v.pipe(
      v.string('invalid_type'),
      v.transform((text) => (text.trim() === '' ? null : text.trim())),
      v.nullable(recordId),
    ),
    null,
  ),
  mensagem: requiredText(1000),
  referenciaId: optionalText(36),
});

export type SendNotificationInput = v.InferInput<typeof sendNotificationSchema>;

export const notificationIdSchema = v.object({ id: recordId });
