// The dashboard's greeting: 'Olá, {nome}!', the market name and the plan badge.
import type { SignedInState } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { planLabelOf } from '../../account/index.ts';
import { greetingName } from '../chart-labels.ts';

const copy = t.dashboard;

export function DashboardHeader({ account }: { account: SignedInState }) {
  const market = account.profile?.nome_mercado?.trim() || copy.fallbackMarketName;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 id="page-title" className="break-words text-2xl font-bold text-brand-900" data-testid="dashboard-greeting">
          {copy.greeting(greetingName(account.profile?.nome))}
        </h1>
        <p className="break-words text-ink/80">{market}</p>
      </div>
      <span
        className="shrink-0 rounded-full bg-accent-400/30 px-3 py-1 text-sm font-semibold text-ink"
        data-testid="dashboard-plan"
      >
        {planLabelOf(account.plan)}
      </span>
    </div>
  );
}
