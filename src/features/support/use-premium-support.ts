// Whether the signed-in owner has premium support (premium plan with payment status ativo, as the account page's
// 'Suporte Premium' link decides): 'yes', 'no', or 'loading' while the account is on its way.
import { useLiveQuery } from '../../lib/live-query.ts';

export function usePremiumSupport(): 'yes' | 'no' | 'loading' {
  const account = useLiveQuery('account', undefined);
  if (account.status === 'loading' || account.data?.status === 'loading') return 'loading';
  const state = account.data;
  if (state?.status !== 'signed_in') return 'no';
  return state.plan.isPremium && state.plan.paymentStatus === 'ativo' ? 'yes' : 'no';
}
