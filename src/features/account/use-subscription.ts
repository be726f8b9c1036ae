// The subscription's commands as the screens run them: checkout, the customer portal and 'Atualizar Status'.
import { t } from '../../i18n/pt-BR.ts';
import { useCommand, type Command } from '../../lib/use-command.ts';
import {
  openCustomerPortal,
  refreshFailureMessage,
  startCheckout,
  subscriptionFailureMessage,
  type PlanPeriod,
} from './subscription.ts';

export function useCheckout(): Command<[PlanPeriod], void> {
  return useCommand((data, plan: PlanPeriod) => startCheckout(data, plan), {
    failureTitle: t.upgrade.checkoutError,
    describeFailure: subscriptionFailureMessage,
  });
}

export function useCustomerPortal(): Command<[], void> {
  return useCommand((data) => openCustomerPortal(data), {
    failureTitle: t.account.portalError,
    describeFailure: subscriptionFailureMessage,
  });
}

/** 'Atualizar Status': the server re-checks the subscription, the live account follows. */
export function useStatusRefresh(): Command<[], unknown> {
  return useCommand((data) => data.account.checkSubscription(), {
    success: () => ({ title: t.account.statusUpdated }),
    failureTitle: t.account.updateError,
    describeFailure: refreshFailureMessage,
  });
}
