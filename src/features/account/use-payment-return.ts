// After the provider's checkout: 'Pagamento processado!', the query leaves the address, and about 3 s later the
// subscription is checked again; the welcome dialog opens once the server says premium.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useDataClient } from '../../lib/use-data-client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { subscriptionFailureMessage } from './subscription.ts';
import { showToast } from '../../ui/toast.ts';

export const PAYMENT_RECHECK_MS = 3000;

export function usePaymentReturn(returned: boolean): { welcome: boolean; closeWelcome: () => void } {
  const data = useDataClient();
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState(false);
  const handled = useRef(false);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    showToast({ title: t.account.paymentProcessed, description: t.account.paymentProcessedDescription, kind: 'success' });
    void navigate({ to: '/account', search: {}, replace: true });
    setTimeout(() => {
      data.account.checkSubscription().then(
        (state) => {
          if (state.status === 'signed_in' && state.plan.isPremium) setWelcome(true);
        },
        (error: unknown) => {
          showToast({ title: t.account.processError, description: subscriptionFailureMessage(error), kind: 'destructive' });
        },
      );
    }, PAYMENT_RECHECK_MS);
  }, [returned, data, navigate]);
  return {
    welcome,
    closeWelcome: () => {
      setWelcome(false);
    },
  };
}
