// Guard of every signed-in page: no session → /login; an owner's expired trial → /upgrade, except the allowed pages.
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { t } from '../i18n/pt-BR.ts';
import { allowedWithExpiredTrial } from '../features/account/trial-guard.ts';
import { showToast } from '../ui/toast.ts';
import { SessionWatcher } from '../features/account/components/SessionWatcher.tsx';

const TRIAL_TOAST_MS = 10_000;

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location }) => {
    const account = await context.account.current();
    if (account.status !== 'signed_in') throw redirect({ to: '/login', replace: true });
    if (account.plan.kind === 'trial_expired' && !account.user.isAdmin && !allowedWithExpiredTrial(location.pathname)) {
      showToast({
        title: t.auth.session.trialExpiredTitle,
        description: t.auth.session.trialExpiredDescription,
        kind: 'destructive',
        durationMs: TRIAL_TOAST_MS,
      });
      throw redirect({ to: '/upgrade', search: { reason: 'trial_expired' }, replace: true });
    }
    return { account };
  },
  component: AuthLayout,
});

function AuthLayout() {
  return (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  );
}
