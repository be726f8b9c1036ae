// 'Aparelhos pareados': one card per device linked in this session, with its state in words ('Conectado ao
// aparelho X'), when documents last crossed, what each side still has to send, and 'Desconectar' (or, once the
// link is gone, 'Conectar de novo').
import { Link2, Link2Off, RefreshCw, Unplug } from 'lucide-react';
import type { PeerStatus, PeerView } from '../../../../workers/api.ts';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';

const copy = devicesText;

function PeerCard({ peer, onReconnect }: { peer: PeerView; onReconnect: () => void }) {
  const end = useCommand((data) => data.peer.end({ device: peer.peerDevice }), { failureTitle: copy.failed });
  const linked = peer.state === 'conectado';
  const open = linked || peer.state === 'autenticando' || peer.state === 'aguardando';
  const Icon = open ? Link2 : Link2Off;
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <div className="flex items-start gap-3">
        <span
          className={
            linked
              ? 'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-700'
              : 'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-ink/5 text-ink/60'
          }
        >
          <Icon aria-hidden size={22} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink" data-testid="peer-state">
            {copy.state[peer.state](peer.label)}
          </p>
          <p className="text-sm text-ink/70">
            {peer.lastExchange ? copy.lastExchange(formatDateTime(peer.lastExchange)) : copy.noExchange}
          </p>
        </div>
      </div>
      {peer.state === 'recusado' ? <p className="text-sm text-red-800">{copy.refusedText}</p> : null}
      {peer.state === 'versao_diferente' ? <p className="text-sm text-red-800">{copy.otherVersionText}</p> : null}
      {peer.state === 'perdido' || peer.state === 'encerrado' ? <p className="text-sm text-ink/70">{copy.lostText}</p> : null}
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-xl bg-brand-50 px-3 py-2">
          <dt className="text-ink/70">{copy.toSend}</dt>
          <dd className="text-lg font-semibold tabular-nums text-brand-900" data-testid="peer-to-send">
            {peer.toSend}
          </dd>
        </div>
        <div className="rounded-xl bg-brand-50 px-3 py-2">
          <dt className="text-ink/70">{copy.toReceive}</dt>
          <dd className="text-lg font-semibold tabular-nums text-brand-900" data-testid="peer-to-receive">
            {peer.toReceive ?? copy.unknownCount}
          </dd>
        </div>
      </dl>
      {open ? (
        <Button
          variant="secondary"
          busy={end.pending}
          aria-label={copy.disconnectLabel(peer.label)}
          onClick={() => void end.run()}
        >
          <Unplug aria-hidden size={18} />
          {copy.disconnect}
        </Button>
      ) : (
        <Button variant="secondary" aria-label={copy.reconnectLabel(peer.label)} onClick={onReconnect}>
          <RefreshCw aria-hidden size={18} />
          {copy.reconnect}
        </Button>
      )}
    </li>
  );
}

/** `onReconnect` takes the owner to the pairing: a lost link comes back only through a new exchange of codes. */
export function PeerList({ status, onReconnect }: { status: PeerStatus; onReconnect: () => void }) {
  return (
    <section aria-labelledby="peer-links" className="flex flex-col gap-3">
      <h2 id="peer-links" className="text-lg font-semibold text-brand-900">
        {copy.linksTitle}
      </h2>
      {status.peers.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-ink/70 shadow-sm ring-1 ring-ink/5">{copy.noLinks}</p>
      ) : (
        <ul aria-label={copy.linksTitle} className="flex flex-col gap-3">
          {status.peers.map((peer) => (
            <PeerCard key={peer.peerDevice} peer={peer} onReconnect={onReconnect} />
          ))}
        </ul>
      )}
    </section>
  );
}
