// The header's count of changes saved on this device but not yet on the server, with a panel that explains it,
// lists what the server refused (with why and the ways out) and sends everything now on request.
import { Popover } from 'radix-ui';
import { CloudAlert, CloudUpload, RefreshCw } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useSyncNow } from '../sync-now.ts';
import { pendingSentence } from '../sync-text.ts';
import { useSyncStatus } from '../use-sync-status.ts';
import { Button } from '../../../ui/Button.tsx';
import { RefusedChanges } from './RefusedChanges.tsx';

const copy = t.sync;

export function SyncIndicator() {
  const status = useSyncStatus();
  const syncNow = useSyncNow();
  if (status.pending === 0) return null;
  const offline = status.phase === 'offline';
  const busy = syncNow.pending;
  const waiting = status.pending - status.rejected;
  const Icon = status.rejected > 0 ? CloudAlert : CloudUpload;
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={copy.label(status.pending)}
        data-testid="pending-changes"
        className="relative flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-900 hover:bg-amber-200"
      >
        <Icon aria-hidden size={22} />
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-amber-600 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {status.pending > 99 ? '99+' : status.pending}
        </span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 flex w-[min(20rem,calc(100vw-1rem))] flex-col gap-2 rounded-2xl bg-white p-4 text-ink shadow-xl ring-1 ring-ink/10 focus:outline-none"
        >
          <p className="font-semibold text-brand-900">{copy.title}</p>
          {waiting > 0 || status.rejected === 0 ? <p role="status">{pendingSentence(waiting)}</p> : null}
          {waiting > 0 ? <p className="text-sm text-ink/70">{offline ? copy.offlineHint : copy.onlineHint}</p> : null}
          <RefusedChanges changes={status.refused} />
          <Button variant="secondary" busy={busy} onClick={() => void syncNow.run()} className="mt-1">
            <RefreshCw aria-hidden size={18} className={busy ? 'animate-spin' : undefined} />
            {busy ? copy.syncing : copy.syncNow}
          </Button>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
