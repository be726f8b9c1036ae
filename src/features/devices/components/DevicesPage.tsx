// /aparelhos: links between devices of the owner on the same network, for days without internet. The page shows
// this device's name, the linked devices with their state, and the pairing by codes (Premium: the free plan is one
// device at a time).
import { useRef } from 'react';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PremiumCallToAction } from '../../../ui/PremiumCallToAction.tsx';
import { useSignedInAccount } from '../../account/index.ts';
import { ConnectedDevices } from './ConnectedDevices.tsx';
import { PairingCard, usePairing } from './PairingCard.tsx';
import { PeerList } from './PeerList.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = devicesText;

export function DevicesPage() {
  usePageTitle(copy.title);
  const status = useLiveQuery('peerStatus', undefined);
  const { plan } = useSignedInAccount();
  const linked = status.data?.peers.filter((peer) => peer.state === 'conectado').map((peer) => peer.label) ?? [];
  const pairing = usePairing(linked);
  const pairingRef = useRef<HTMLDivElement>(null);
  /** 'Conectar de novo': a new code, shown where the pairing is, for the other device to read. */
  const reconnect = () => {
    pairingRef.current?.scrollIntoView({ block: 'start' });
    void pairing.showCode();
  };
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <div className="flex flex-col gap-1">
        <PageHeader title={copy.title} />
        <p className="text-ink/80">{copy.intro}</p>
        {status.data?.label ? (
          <p
            className="mt-1 self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-900"
            data-testid="this-device"
          >
            {copy.thisDevice(status.data.label)}
          </p>
        ) : null}
        <ConnectedDevices />
      </div>
      <DataStates
        state={status}
        skeleton={{ count: 2, className: 'h-20', label: copy.linksTitle }}
        failure={{ title: copy.loadError }}
      >
        {(data) => <PeerList status={data} onReconnect={reconnect} />}
      </DataStates>
      <div ref={pairingRef}>
        {plan.isPremium ? (
          <PairingCard pairing={pairing} keyMissing={status.data?.pairingKey === 'ausente'} />
        ) : (
          <PremiumCallToAction title={copy.premiumTitle} text={copy.premiumText} cta={copy.premiumCta} />
        )}
      </div>
    </section>
  );
}
