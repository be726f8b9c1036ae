// 'Fechamentos anteriores': every closed till of the owner's devices, newest first, with its figures and
// 'Compartilhar' (share sheet, WhatsApp or the clipboard) of the closing's text.
import { clsx } from 'clsx';
import { Share2 } from 'lucide-react';
import type { ClosedTillView } from '../../../../workers/api.ts';
import { tillText } from '../../../i18n/till.pt-BR.ts';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { browserShareTargets, shareText } from '../../../lib/share.ts';
import { Button } from '../../../ui/Button.tsx';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { showToast } from '../../../ui/toast.ts';
import { marketNameOf, useSignedInAccount } from '../../account/index.ts';
import { differenceText, tillReportText } from '../till-report.ts';

const copy = tillText;
const HISTORY_SKELETON: SkeletonShape = { count: 2, className: 'h-32', label: copy.historyTitle };

function ClosingItem({ closing, online }: { closing: ClosedTillView; online: boolean }) {
  const account = useSignedInAccount();
  const cents = Math.round(closing.diferenca * 100);
  const share = async () => {
    const text = tillReportText(closing, marketNameOf(account.profile?.nome_mercado));
    const outcome = await shareText(text, copy.reportTitle, null, browserShareTargets(online));
    if (outcome === 'copied') showToast({ title: copy.copied, kind: 'success' });
    if (outcome === 'failed') showToast({ title: copy.shareFailed, kind: 'destructive' });
  };
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          {copy.period(formatDateTime(closing.aberto_em), formatDateTime(closing.fechado_em))}
        </p>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
          {closing.esteAparelho ? copy.thisDevice : copy.otherDevice}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-ink/60">{copy.salesTotal}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(closing.resumo.total)}</dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.expected}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(closing.esperado)}</dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.counted}</dt>
          <dd className="font-medium tabular-nums">{formatBRL(closing.contado)}</dd>
        </div>
        <div>
          <dt className="text-ink/60">{copy.differenceLabel}</dt>
          <dd
            className={clsx(
              'font-semibold tabular-nums',
              cents < 0 ? 'text-red-700' : cents > 0 ? 'text-amber-800' : 'text-green-700',
            )}
          >
            {differenceText(closing.diferenca)}
          </dd>
        </div>
      </dl>
      {closing.observacoes ? <p className="text-sm break-words text-ink/80">{closing.observacoes}</p> : null}
      <Button variant="secondary" className="self-start" onClick={() => void share()}>
        <Share2 aria-hidden size={18} />
        {copy.share}
      </Button>
    </li>
  );
}

export function TillHistory() {
  const history = useLiveQuery('tillHistory', undefined);
  const online = useOnline();
  return (
    <section aria-labelledby="till-history" className="flex flex-col gap-3">
      <h2 id="till-history" className="text-lg font-semibold">
        {copy.historyTitle}
      </h2>
      <DataStates
        state={history}
        skeleton={HISTORY_SKELETON}
        failure={{ title: copy.historyLoadError }}
        isEmpty={(closings) => closings.length === 0}
        empty={<p className="rounded-2xl bg-white p-5 text-ink/70 shadow-sm ring-1 ring-ink/5">{copy.historyEmpty}</p>}
      >
        {(closings) => (
          <ul aria-label={copy.historyTitle} className="flex flex-col gap-3">
            {closings.map((closing) => (
              <ClosingItem key={closing.id} closing={closing} online={online} />
            ))}
          </ul>
        )}
      </DataStates>
    </section>
  );
}
