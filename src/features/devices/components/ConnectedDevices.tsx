// How many of the owner's devices are connected now ('2 aparelhos conectados'), said while online; nothing offline.
import { Wifi } from 'lucide-react';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';

export function ConnectedDevices() {
  const connected = useLiveQuery('connectedDevices', undefined);
  const count = connected.data ?? null;
  return (
    <p role="status" aria-live="polite" className="min-h-0 empty:hidden" data-testid="connected-devices">
      {count === null ? null : (
        <span className="mt-1 inline-flex items-center gap-2 rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
          <Wifi aria-hidden size={16} />
          {devicesText.connectedNow(count)}
        </span>
      )}
    </p>
  );
}
