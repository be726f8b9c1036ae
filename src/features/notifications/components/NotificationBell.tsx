// The header's bell: live unread badge ('9+' above 9) and the side panel 'Notificações' (50 newest, from the
// device's copy, so it reads offline too), with mark one / all as read and delete; a notice about a ticket or a
// product opens it.
import { Link } from '@tanstack/react-router';
import { Dialog } from 'radix-ui';
import { AlertTriangle, Bell, BellRing, Check, Package, Trash2, Wallet, X } from 'lucide-react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates } from '../../../ui/DataStates.tsx';
import type { NotificationItem } from '../../../../workers/api.ts';
import { badgeText } from '../badge.ts';
import { notificationTarget } from '../target.ts';
import { useMarkAllRead, useMarkRead, useRemoveNotification } from '../commands.ts';

const copy = t.layout.notificationsPanel;

function NotificationIcon({ tipo }: { tipo: string }) {
  const props = { 'aria-hidden': true, size: 20, className: 'mt-0.5 shrink-0 text-brand-700' } as const;
  if (tipo === 'estoque_baixo' || tipo === 'estoque_zerado') return <Package {...props} />;
  if (tipo === 'fiado_vencido') return <Wallet {...props} />;
  if (tipo === 'plano_vencido' || tipo === 'plano_prestes_vencer' || tipo === 'aviso') return <AlertTriangle {...props} />;
  return <BellRing {...props} />;
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const markRead = useMarkRead();
  const remove = useRemoveNotification();
  const target = notificationTarget(item);
  return (
    <li className={clsx('flex gap-3 px-4 py-3', !item.lido && 'bg-brand-50')}>
      <NotificationIcon tipo={item.tipo} />
      <div className="min-w-0 flex-1">
        <p className={clsx('break-words', !item.lido && 'font-semibold')}>
          {!item.lido ? <span className="sr-only">{copy.unread}: </span> : null}
          {item.mensagem}
        </p>
        <p className="mt-0.5 text-sm text-ink/60">{formatDateTime(item.created_at)}</p>
        {target ? (
          // Opening what the notice is about counts as reading it.
          <Dialog.Close asChild>
            <Link
              {...(target.kind === 'ticket'
                ? { to: '/support', search: { ticket: target.ticket } }
                : { to: '/products/$id', params: { id: target.productId } })}
              onClick={() => {
                if (!item.lido) void markRead.run(item.id);
              }}
              className="mt-1 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
            >
              {target.kind === 'ticket' ? copy.openTicket : copy.openProduct}
            </Link>
          </Dialog.Close>
        ) : null}
      </div>
      <div className="flex shrink-0 items-start">
        {!item.lido ? (
          <button
            type="button"
            onClick={() => void markRead.run(item.id)}
            aria-label={copy.markRead}
            className="flex h-11 w-11 items-center justify-center rounded-lg text-brand-700 hover:bg-white"
          >
            <Check aria-hidden size={18} />
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => void remove.run(item.id)}
          aria-label={copy.remove}
          className="flex h-11 w-11 items-center justify-center rounded-lg text-ink/60 hover:bg-white hover:text-red-700"
        >
          <Trash2 aria-hidden size={18} />
        </button>
      </div>
    </li>
  );
}

export function NotificationBell() {
  const markAll = useMarkAllRead();
  const unreadQuery = useLiveQuery('unreadNotifications', undefined);
  const list = useLiveQuery('notifications', undefined);
  const unread = unreadQuery.data ?? 0;
  const badge = badgeText(unread);
  return (
    <Dialog.Root>
      <Dialog.Trigger
        className="relative flex h-11 w-11 items-center justify-center rounded-full text-ink/80 hover:bg-brand-50"
        aria-label={unread > 0 ? t.layout.notificationsUnread(unread) : t.layout.notifications}
      >
        <Bell aria-hidden size={22} />
        {badge ? (
          <span
            aria-hidden
            data-testid="notification-badge"
            className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {badge}
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col bg-white shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-ink/10 px-4 py-3">
            <Dialog.Title className="text-lg font-semibold">{copy.title}</Dialog.Title>
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => void markAll.run()}
                disabled={unread === 0}
                aria-label={copy.markAllLabel}
                className="min-h-11 rounded-lg px-3 font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
              >
                {copy.markAll}
              </button>
              <Dialog.Close
                className="flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
                aria-label={copy.close}
              >
                <X aria-hidden size={20} />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description className="sr-only">{copy.title}</Dialog.Description>
          <div className="flex-1 overflow-y-auto" aria-live="polite">
            <DataStates
              state={list}
              skeleton={{ count: 3, className: 'h-16', grid: 'flex flex-col gap-3 p-4' }}
              failure={{ title: copy.loadError, message: null }}
              isEmpty={(items) => items.length === 0}
              empty={<p className="px-4 py-10 text-center text-ink/70">{copy.empty}</p>}
            >
              {(items) => (
                <ul className="divide-y divide-ink/5">
                  {items.map((item) => (
                    <NotificationRow key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </DataStates>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
