// Where a notification leads: a support reply opens its ticket, a low-stock or out-of-stock notice its product.
import type { NotificationItem } from '../../../workers/api.ts';

export type NotificationTarget =
  { readonly kind: 'ticket'; readonly ticket: string } | { readonly kind: 'product'; readonly productId: string } | null;

const PRODUCT_NOTICES: readonly string[] = ['estoque_baixo', 'estoque_zerado'];

export function notificationTarget(item: Pick<NotificationItem, 'tipo' | 'referencia_id'>): NotificationTarget {
  const reference = item.referencia_id;
  if (!reference) return null;
  if (item.tipo === 'resposta_suporte') return { kind: 'ticket', ticket: reference };
  if (PRODUCT_NOTICES.includes(item.tipo)) return { kind: 'product', productId: reference };
  return null;
}
