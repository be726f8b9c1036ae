// After the provider's checkout: 'Pagamento processado!', the query leaves the address, and about 3 s later the
// subscription is checked again; the welcome dialog opens once the server says premium.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { t } from '../../i18n/pt-BR.ts';
import { useCommand } from '../../lib/use-command.ts';
import { subscriptionFailureMessage } from './subscription.ts';
import { showToast } from '../../ui/toast.ts';

export const PAYMENT_RECHECK_MS = 3000;

export function usePaymentReturn(returned: boolean): { welcome: boolean; closeWelcome: () => void } {
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState(false);
  const handled = useRef(false);
  const recheck = useCommand(
    async (data) => {
      const state = await data.account.checkSubscription();
      if (state.status === 'signed_in' && state.plan.isPremium) setWelcome(true);
    },
    { failureTitle: t.account.processError, describeFailure: subscriptionFailureMessage },
  );
  const { run } = recheck;
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    showToast({ title: t.account.paymentProcessed, description: t.account.paymentProcessedDescription, kind: 'success' });
    void navigate({ to: '/account', search: {}, replace: true });
    setTimeout(() => void run(), PAYMENT_RECHECK_MS);
  }, [returned, navigate, run]);
  return {
    welcome,
    closeWelcome: () => {
      setWelcome(false);
    },
  };
}
