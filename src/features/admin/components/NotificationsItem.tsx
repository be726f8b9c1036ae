// One notification on /admin/notifications (spec 2 §2): type, read or unread (unread highlighted), message, owner,
// date, reference id, and the actions 'Marcar como lida' and 'Excluir' (after a confirmation).
import { useState } from 'react';
import { clsx } from 'clsx';
import { CheckCheck, Trash2 } from 'lucide-react';
import type { AdminNotificationRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';
import { useDeleteNotification, useMarkNotificationRead } from '../notification-actions.ts';
import { ownerLabel, typeLabel } from '../notification-rules.ts';

const copy = t.adminNotifications;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export function NotificationsItem({ row }: { row: AdminNotificationRow }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const [confirming, setConfirming] = useState(false);
  const owner = ownerLabel(row);
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
        <div className="min-w-0">
          <dt className="text-xs text-ink/60">{copy.owner}</dt>
          <dd className="break-words">{owner}</dd>
        </div>
        <div>
          <dt className="text-xs text-ink/60">{copy.date}</dt>
          <dd>
            <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
          </dd>
        </div>
        {row.referenciaId ? (
          <div className="min-w-0">
            <dt className="text-xs text-ink/60">{copy.reference}</dt>
            <dd className="break-all font-mono">{row.referenciaId}</dd>
          </div>
        ) : null}
      </dl>
      <div role="group" aria-label={copy.actionsOf(row.mensagem.slice(0, 60))} className="flex flex-wrap gap-2">
        {!row.lido ? (
          <Button variant="secondary" busy={markRead.pending} onClick={() => void markRead.run(row.id)}>
            <CheckCheck aria-hidden size={16} />
            {copy.markRead}
          </Button>
        ) : null}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button variant="destructive">
              <Trash2 aria-hidden size={16} />
              {copy.remove}
            </Button>
          }
          title={copy.removeTitle}
          description={copy.removeDescription(owner)}
          confirmLabel={copy.remove}
          busyLabel={copy.removing}
          cancelLabel={copy.cancel}
          busy={remove.pending}
          onConfirm={() => {
            void remove.run(row.id).then((done) => {
              if (done) setConfirming(false);
            });
          }}
        >
          <blockquote className="mt-3 rounded-xl bg-paper p-3 text-sm break-words">{row.mensagem}</blockquote>
        </ConfirmDialog>
      </div>
    </li>
  );
}
