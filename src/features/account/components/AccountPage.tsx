// 'Minha Conta': who is signed in, the market name, the PIX key, plan and trial, 'Atualizar Status', 'Sair', plan comparison.
import { Link } from '@tanstack/react-router';
import { CloudCheck, CloudUpload, Crown, LifeBuoy, LogOut, RefreshCw, Settings } from 'lucide-react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';
import { useSignedInAccount } from '../use-account.ts';
import { useSignOut } from '../use-sign-out.ts';
import { deviceSyncSentence, RefusedChanges, signOutRefusedWarning, useSyncStatus } from '../../sync/index.ts';
import { useCheckout, useCustomerPortal, useStatusRefresh } from '../use-subscription.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/Dialogs.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { planLabelOf } from '../identity.ts';
import { DataExportCard } from './DataExportCard.tsx';
import { MarketNameEditor } from './MarketNameEditor.tsx';
import { PixKeyEditor } from './PixKeyEditor.tsx';
import { PlanComparison } from './PlanComparison.tsx';
import { PremiumWelcome } from './PremiumWelcome.tsx';
import { usePaymentReturn } from '../use-payment-return.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.account;

function dateOrNA(value: string | null): string {
  return value ? formatDate(value) : copy.notAvailable;
}

function PlanStatus() {
  const { plan } = useSignedInAccount();
  if (plan.kind === 'premium') {
    return (
      <>
        <p>{copy.premiumUntil(dateOrNA(plan.premiumUntil))}</p>
        {plan.paymentStatus === 'cancelado_mantem_acesso' ? (
          <p className="rounded-xl bg-amber-50 p-3 text-amber-900">{copy.cancelledNotice(dateOrNA(plan.premiumUntil))}</p>
        ) : null}
      </>
    );
  }
  if (plan.kind === 'trial_expired') {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
        {copy.trialExpiredBanner}
      </p>
    );
  }
  return (
    <>
      {plan.trialDaysLeft !== null ? <p className="font-medium">{copy.trialActive(plan.trialDaysLeft)}</p> : null}
      {plan.trialEndsAt ? <p className="text-ink/70">{copy.trialEndsOn(dateOrNA(plan.trialEndsAt))}</p> : null}
    </>
  );
}

export function AccountPage({ paymentReturned = false }: { paymentReturned?: boolean }) {
  usePageTitle(copy.title);
  const payment = usePaymentReturn(paymentReturned);
  const account = useSignedInAccount();
  const refresh = useStatusRefresh();
  const portal = useCustomerPortal();
  const checkout = useCheckout();
  const { leaving, signOut, refusedToDiscard, discardAndSignOut, stay } = useSignOut();
  const refusedWarning = signOutRefusedWarning(refusedToDiscard);
  const sync = useSyncStatus();
  /** Changes that may still reach the server (the refused ones are listed apart). */
  const waiting = sync.pending - sync.rejected;
  const { user, profile, plan } = account;
  const premiumSupport = plan.isPremium && plan.paymentStatus === 'ativo';
  const supportUnread = useLiveQuery('supportUnread', undefined).data === true;
  const refreshing = refresh.pending;

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
      <PageHeader title={copy.title} />

      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
        <h2 className="text-lg font-semibold">{copy.profile}</h2>
        <dl className="mt-3 flex flex-col gap-4">
          <div>
            <dt className="text-sm text-ink/70">{copy.name}</dt>
            <dd className="font-medium">{profile?.nome ?? copy.notAvailable}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink/70">{copy.email}</dt>
            <dd className="break-all font-medium">{user.email}</dd>
          </div>
          <MarketNameEditor current={profile?.nome_mercado ?? null} />
        </dl>
      </div>

      <PixKeyEditor current={{ chavePix: profile?.chave_pix ?? null, cidade: profile?.cidade ?? null }} />

      <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{copy.plan}</h2>
          <span
            className={clsx(
              'inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-semibold',
              plan.isPremium ? 'bg-accent-400 text-ink' : 'bg-brand-100 text-brand-900',
            )}
          >
            {plan.isPremium ? <Crown aria-hidden size={16} /> : null}
            {planLabelOf(plan)}
          </span>
        </div>
        <PlanStatus />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" busy={refreshing} onClick={() => void refresh.run()}>
            <RefreshCw aria-hidden size={18} className={refreshing ? 'animate-spin' : undefined} />
            {refreshing ? copy.refreshing : copy.refreshStatus}
          </Button>
          {!plan.isPremium ? (
            <Link to="/upgrade" className={buttonClass('primary')}>
              <Crown aria-hidden size={18} />
              {copy.upgrade}
            </Link>
          ) : plan.paymentStatus === 'cancelado_mantem_acesso' ? (
            <Link to="/upgrade" className={buttonClass('primary')}>
              <Crown aria-hidden size={18} />
              {copy.renew}
            </Link>
          ) : (
            <Button busy={portal.pending} onClick={() => void portal.run()}>
              <Settings aria-hidden size={18} />
              {copy.manage}
            </Button>
          )}
        </div>
        {premiumSupport ? (
          <Link
            to="/support"
            className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-700 underline underline-offset-2"
          >
            <LifeBuoy aria-hidden size={18} />
            {copy.premiumSupport}
            {supportUnread ? (
              <span className="flex h-5 w-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold text-white no-underline">
                <span aria-hidden>!</span>
                <span className="sr-only">{copy.supportUnread}</span>
              </span>
            ) : null}
          </Link>
        ) : null}
      </div>

      <PlanComparison isPremium={plan.isPremium} subscribe={checkout} />
      <PremiumWelcome open={payment.welcome} onClose={payment.closeWelcome} />

      <DataExportCard />

      <div className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5">
        <h2 className="text-lg font-semibold">{t.sync.title}</h2>
        {sync.known && (waiting > 0 || sync.rejected === 0) ? (
          <p
            data-testid="device-sync-status"
            className={clsx('flex items-start gap-2', waiting > 0 && 'font-medium text-amber-900')}
          >
            {waiting > 0 ? (
              <CloudUpload aria-hidden size={20} className="mt-0.5 shrink-0" />
            ) : (
              <CloudCheck aria-hidden size={20} className="mt-0.5 shrink-0 text-brand-600" />
            )}
            {deviceSyncSentence(waiting)}
          </p>
        ) : null}
        <RefusedChanges changes={sync.refused} />
        <Button variant="destructive" busy={leaving} onClick={() => void signOut()} className="self-stretch sm:self-start">
          <LogOut aria-hidden size={18} />
          {leaving ? copy.signingOut : copy.signOut}
        </Button>
        <ConfirmDialog
          open={refusedToDiscard > 0}
          onOpenChange={(open) => {
            if (!open) stay();
          }}
          title={refusedWarning.title}
          description={refusedWarning.description}
          confirmLabel={t.sync.discardAndSignOut}
          busyLabel={copy.signingOut}
          cancelLabel={t.sync.cancel}
          busy={leaving}
          onConfirm={() => void discardAndSignOut()}
        />
      </div>
    </section>
  );
}
