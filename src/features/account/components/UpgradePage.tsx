// The upgrade screen: why the owner is here (trial over), and the plans side by side.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useSignedInAccount } from '../use-account.ts';
import { useCheckout } from '../use-subscription.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PlanComparison } from './PlanComparison.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.upgrade;

export function UpgradePage({ trialExpired }: { trialExpired: boolean }) {
  usePageTitle(copy.title);
  const account = useSignedInAccount();
  const navigate = useNavigate();
  const checkout = useCheckout();
  // The reason is shown for this visit and then leaves the address bar.
  const [reasonShown] = useState(trialExpired);
  useEffect(() => {
    if (trialExpired) void navigate({ to: '/upgrade', search: {}, replace: true });
  }, [trialExpired, navigate]);
  const expired = reasonShown || account.plan.kind === 'trial_expired';
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <PageHeader title={copy.title} />
      {expired ? (
        <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
          <AlertTriangle aria-hidden className="mt-0.5 shrink-0" />
          <div>
            <p className="font-semibold">{copy.trialEndedTitle}</p>
            <p>{t.auth.session.trialExpiredDescription}</p>
          </div>
        </div>
      ) : null}
      <p className="text-ink/80">{copy.description}</p>
      <PlanComparison isPremium={account.plan.isPremium} subscribe={checkout} />
      <p className="text-sm text-ink/70">{copy.secureNote}</p>
      <Link to="/account" className={buttonClass('secondary', 'self-stretch sm:self-start')}>
        {copy.seeAccount}
      </Link>
    </section>
  );
}
