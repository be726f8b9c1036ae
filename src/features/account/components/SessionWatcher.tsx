// Follows the live account: a sign-out (here, in another tab, or by the server) leaves the signed-in tree, and
// a trial found expired by the server re-runs the guards (which lead to /upgrade); coming back to the tab
// asks whether another device took over the session (free plan).
import { useEffect } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';

export function SessionWatcher() {
  const account = useLiveQuery('account', undefined);
  const navigate = useNavigate();
  const router = useRouter();
  const data = useDataClient();
  const signedOut = account.status === 'ok' && account.data.status === 'signed_out';
  const trialExpired =
    account.status === 'ok' && account.data.status === 'signed_in' && account.data.plan.kind === 'trial_expired';
  useEffect(() => {
    if (!signedOut) return;
    void router.invalidate().then(() => navigate({ to: '/login', replace: true }));
  }, [signedOut, navigate, router]);
  useEffect(() => {
    if (trialExpired) void router.invalidate();
  }, [trialExpired, router]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void data.account.verifyDevice();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [data]);
  return null;
}
