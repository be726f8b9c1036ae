// One notification on /admin/notifications (docs/product.md §2): type, read or unread (unread highlighted), message, owner
// (or 'Todos os usuários' with the reach of a send to all), date, reference id, and the actions 'Marcar como lida'
// and 'Excluir' (after a confirmation).
import { clsx } from 'clsx';
import { CheckCheck } from 'lucide-react';
import type { AdminNotificationRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { useDeleteNotification, useMarkNotificationRead } from '../notification-actions.ts';
import { ownerLabel, reachLabel, typeLabel } from '../notification-rules.ts';
import { CardField, CardRemoveButton } from './CardParts.tsx';

const copy = t.adminNotifications;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function NotificationsItem({ row }: { row: AdminNotificationRow }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const owner = ownerLabel(row);
  const reach = reachLabel(row);
  return (
    <li
      data-unread={row.lido ? undefined : true}
      className={clsx(
        'flex min-w-0 flex-col gap-3 rounded-2xl border p-4 shadow-sm',
        row.lido ? 'border-brand-100 bg-white' : 'border-l-4 border-brand-100 border-l-accent-400 bg-brand-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={clsx(BADGE, 'bg-white text-brand-800 ring-1 ring-brand-500/40')}>{typeLabel(row.tipo)}</span>
        <span className={clsx(BADGE, row.lido ? 'bg-ink/10 text-ink/80' : 'bg-amber-100 text-amber-900')}>
          {row.lido ? copy.read : copy.unread}
        </span>
      </div>
      <p className={clsx('min-w-0 whitespace-pre-line break-words', !row.lido && 'font-semibold text-brand-900')}>
        {row.mensagem}
      </p>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <CardField term={copy.owner} value={owner} />
        {reach === null ? null : <CardField term={copy.reach} value={reach} />}
        <CardField
          term={copy.date}
          value={<time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>}
          valueClassName=""
        />
        {row.referenciaId ? (
          <CardField term={copy.reference} value={row.referenciaId} valueClassName="break-all font-mono" />
        ) : null}
      </dl>
      <div role="group" aria-label={copy.actionsOf(row.mensagem.slice(0, 60))} className="flex flex-wrap gap-2">
        {!row.lido ? (
          <Button variant="secondary" busy={markRead.pending} onClick={() => void markRead.run(row.id)}>
            <CheckCheck aria-hidden size={16} />
            {copy.markRead}
          </Button>
        ) : null}
        <CardRemoveButton
          copy={copy}
          description={copy.removeDescription(owner)}
          pending={remove.pending}
          onRemove={() => remove.run(row.id)}
        >
          <blockquote className="mt-3 rounded-xl bg-paper p-3 text-sm break-words">{row.mensagem}</blockquote>
        </CardRemoveButton>
      </div>
    </li>
  );
}
