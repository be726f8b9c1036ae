// The admin notifications page's pure rules: the types in the filter and the send form (docs/product.md §3), the owner
// as shown on a row, and the send form's required fields ('Preencha todos os campos obrigatórios').
import type {
  AdminNotificationRow,
  NotificationType,
  SendableNotificationType,
  SendNotificationInput,
} from '../../../workers/api.ts';
import { t } from '../../i18n/admin-catalogue.ts';

const copy = t.adminNotifications;

/** Types an admin may send, in the spec's order. */
export const SENDABLE_TYPES = [
  'sistema',
  'promocao',
  'aviso',
  'manutencao',
  'novidade',
] as const satisfies readonly SendableNotificationType[];
/** Types the server writes by itself: filters only. */
export const SYSTEM_TYPES = [
  'estoque_baixo',
  'estoque_zerado',
  'plano_vencido',
  'plano_prestes_vencer',
  'fiado_vencido',
  'resposta_suporte',
] as const satisfies readonly NotificationType[];

const KNOWN: readonly string[] = [...SENDABLE_TYPES, ...SYSTEM_TYPES];

export function isNotificationType(value: string): value is NotificationType {
  return KNOWN.includes(value);
}

export function isSendableType(value: string): value is SendableNotificationType {
  return (SENDABLE_TYPES as readonly string[]).includes(value);
}

/** A type in Portuguese; an unknown one as written. */
export function typeLabel(tipo: string): string {
  return isNotificationType(tipo) ? copy.types[tipo] : tipo;
}

/** 'Nome - Mercado', with the spec's fallbacks for a missing market or a missing owner; a send to all says so. */
export function ownerLabel(row: Pick<AdminNotificationRow, 'userName' | 'userMarket' | 'reach'>): string {
  if (row.reach !== null) return copy.toAll;
  if (row.userName === null && row.userMarket === null) return copy.ownerGone;
  return `${row.userName ?? copy.noName} - ${row.userMarket ?? copy.noMarket}`;
}

/** A send to all's reach in words ('1.054 usuários · 12 leram'); null for an owner's own notification. */
export function reachLabel(row: Pick<AdminNotificationRow, 'reach'>): string | null {
  return row.reach === null ? null : copy.reachValue(row.reach.recipients, row.reach.read);
}

export interface SendFormValues {
  readonly tipo: string;
  /** The picked owner, or null for every owner. */
  readonly userId: string | null;
  readonly mensagem: string;
  readonly referenciaId: string;
}

export const EMPTY_SEND_FORM: SendFormValues = { tipo: '', userId: null, mensagem: '', referenciaId: '' };

/** The send command's input, or the fields still missing (type and message are required). */
export function toSendInput(
  values: SendFormValues,
): { ok: true; input: SendNotificationInput } | { ok: false; missing: ('tipo' | 'mensagem')[] } {
  const missing: ('tipo' | 'mensagem')[] = [];
  if (!isSendableType(values.tipo)) missing.push('tipo');
  if (values.mensagem.trim() === '') missing.push('mensagem');
  if (missing.length > 0 || !isSendableType(values.tipo)) return { ok: false, missing };
  return {
    ok: true,
    input: {
      tipo: values.tipo,
      userId: values.userId,
      mensagem: values.mensagem.trim(),
      referenciaId: values.referenciaId.trim() === '' ? null : values.referenciaId.trim(),
    },
  };
}
