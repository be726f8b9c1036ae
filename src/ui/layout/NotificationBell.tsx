// The header's bell: unread badge ('9+' above 9) and the side panel 'Notificações'.
import { Dialog } from 'radix-ui';
import { Bell, X } from 'lucide-react';
import { t } from '../../i18n/pt-BR.ts';
import { badgeText } from './identity.ts';

const copy = t.layout.notificationsPanel;

export function NotificationBell({ unread }: { unread: number }) {
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
              <button type="button" disabled={unread === 0} className="min-h-11 rounded-lg px-3 font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50">
                {copy.markAll}
              </button>
              <Dialog.Close className="flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50" aria-label={copy.close}>
                <X aria-hidden size={20} />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description className="sr-only">{copy.title}</Dialog.Description>
          <p className="px-4 py-10 text-center text-ink/70">{copy.empty}</p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
