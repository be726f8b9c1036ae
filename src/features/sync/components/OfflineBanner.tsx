// The banner that tells the owner the device is offline and that nothing is lost (with what waits to be sent).
import { bannerPendingSentence } from '../sync-text.ts';
import { useSyncStatus } from '../use-sync-status.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';

export function OfflineBanner({ message }: { message: string }) {
  const connectivity = useLiveQuery('connectivity', undefined);
  const { pending } = useSyncStatus();
  if (connectivity.status !== 'ok' || connectivity.data.online) return null;
  const waiting = bannerPendingSentence(pending);
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
      {message}
      {waiting ? <span className="font-semibold"> {waiting}</span> : null}
    </div>
  );
}
