// The top bar's sign that this device is linked to another: shown only while a link is up, it names the device
// ('Conectado ao aparelho X') and opens /aparelhos.
import { Link } from '@tanstack/react-router';
import { Link2 } from 'lucide-react';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';

export function PeerIndicator() {
  const status = useLiveQuery('peerStatus', undefined);
  const linked = status.data?.peers.filter((peer) => peer.state === 'conectado') ?? [];
  if (linked.length === 0) return null;
  const label = linked.map((peer) => devicesText.state.conectado(peer.label)).join(', ');
  return (
    <Link
      to="/aparelhos"
      aria-label={label}
      title={label}
      className="flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 text-green-700 hover:bg-green-50"
    >
      <Link2 aria-hidden size={20} />
      {linked.length > 1 ? <span className="text-sm font-semibold tabular-nums">{linked.length}</span> : null}
    </Link>
  );
}
