// The banner that tells the owner the device is offline and that nothing is lost.
import { useLiveQuery } from '../lib/live-query.ts';

export function OfflineBanner({ message }: { message: string }) {
  const connectivity = useLiveQuery('connectivity', undefined);
  if (connectivity.status !== 'ok' || connectivity.data.online) return null;
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
      {message}
    </div>
  );
}
