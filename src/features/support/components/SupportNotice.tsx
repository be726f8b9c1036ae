// Why the owner's tickets cannot be shown: no connection ('Sem conexão', nothing breaks), or the server failed
// ('Erro ao carregar tickets' with 'Tentar novamente').
import { AlertTriangle, WifiOff } from 'lucide-react';
import type { SupportUnavailable } from '../../../../workers/api.ts';
import { ownerSupportText } from '../../../i18n/admin-support.pt-BR.ts';
import { errorMessages } from '../../../i18n/errors.ts';
import { Button } from '../../../ui/Button.tsx';
import { useSupportRefresh } from '../commands.ts';

const copy = ownerSupportText;

export function SupportNotice({ view }: { view: Exclude<SupportUnavailable, { state: 'not_premium' }> }) {
  const refresh = useSupportRefresh();
  if (view.state === 'offline') {
    return (
      <section role="status" className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center shadow-sm">
        <WifiOff aria-hidden size={36} className="text-amber-700" />
        <h2 className="text-lg font-semibold">{copy.offlineTitle}</h2>
        <p className="text-ink/80">{copy.offlineText}</p>
      </section>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 shrink-0" />
        <div>
          <p className="font-semibold">{copy.loadError}</p>
          <p>{errorMessages[view.code]}</p>
        </div>
      </div>
      <Button variant="secondary" busy={refresh.pending} onClick={() => void refresh.run()}>
        {copy.retry}
      </Button>
    </div>
  );
}
