// The banner that tells the owner the device is offline and that nothing is lost (with what waits to be sent).
import { t } from '../../../i18n/pt-BR.ts';
import { useSyncStatus } from '../use-sync-status.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';

export function OfflineBanner({ message }: { message: string }) {
  const connectivity = useLiveQuery('connectivity', undefined);
  const { pending } = useSyncStatus();
  if (connectivity.status !== 'ok' || connectivity.data.online) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
      {message}
      {pending > 0 ? <span className="font-semibold"> {t.layout.sync.bannerPending(pending)}</span> : null}
    </div>
  );
}
