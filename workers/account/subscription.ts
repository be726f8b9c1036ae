// The premium subscription as the account domain offers it: checkout and portal links from the edge
// functions, the status re-check, and the live unread mark on premium support.
import type { SupabaseClient } from '@supabase/supabase-js';
import { catchError, combineLatest, distinctUntilChanged, from, map, of, switchMap, type Observable } from 'rxjs';
import { accountError, toFunctionError } from './errors.ts';
import type { AccountState, AccountUser } from './types.ts';

export interface SubscriptionDeps {
  readonly client: SupabaseClient;
  requireOnline(message: string): void;
  signedInUser(): AccountUser;
  /** Reloads the profile from the server and returns the new account state. */
  reloadProfile(): Promise<AccountState>;
}

export function createSubscriptionHandlers(deps: SubscriptionDeps) {
  const { client } = deps;

  const invoke = async <T>(
    name: string,
    init: { method?: 'GET' | 'POST'; body?: Record<string, unknown> },
  ): Promise<T | null> => {
    deps.requireOnline('edge function');
    deps.signedInUser();
    const response = await client.functions.invoke<T>(name, {
      method: init.method ?? 'POST',
      ...(init.body ? { body: init.body } : {}),
    });
    const failure: unknown = response.error;
    if (failure) throw await toFunctionError(failure);
    return response.data;
  };

  return {
    /** Opens the provider's checkout for the premium plan: the page then goes to the returned URL. */
    startCheckout: async (plan: 'monthly' | 'yearly'): Promise<{ url: string }> => {
      const data = await invoke<{ success?: boolean; url?: string; error?: string }>('checkout', { body: { plan } });
      if (!data?.url) throw accountError('function_failed', 'no url in the answer', { serverMessage: data?.error });
      return { url: data.url };
    },

    /** The provider's page to manage or cancel the subscription. */
    openCustomerPortal: async (): Promise<{ url: string }> => {
      const data = await invoke<{ url?: string; error?: string }>('customer-portal', {});
      if (!data?.url) throw accountError('function_failed', 'no url in the answer', { serverMessage: data?.error });
      return { url: data.url };
    },

    /** 'Atualizar Status': the server's subscription status (re-checked with the provider), then the profile. */
    checkSubscription: async (): Promise<AccountState> => {
      const data = await invoke<{ status?: string }>('subscription-status', { method: 'GET' });
      if (data?.status !== 'premium' && data?.status !== 'free')
        throw accountError('function_failed', 'status neither premium nor free');
      // Reloaded even when the plan is unchanged: a cancellation or a new end date matters to the owner too.
      return deps.reloadProfile();
    },
  };
}

/** Whether an open support ticket of `userId` has replies the owner has not read. */
export async function supportHasUnread(client: SupabaseClient, userId: string): Promise<boolean> {
  const response = await client
    .from('support_tickets')
    .select('id, unread_user, status')
    .eq('user_id', userId)
    .order('updated_at', { ascending: false });
  if (response.error) return false;
  const rows = response.data as { unread_user: boolean | null; status: string }[];
  return rows.some((row) => row.unread_user === true && (row.status === 'open' || row.status === 'in_progress'));
}

/** The owner whose active premium plan includes support, or null. */
export function premiumSupportOwner(account: AccountState): string | null {
  if (account.status !== 'signed_in') return null;
  return account.plan.isPremium && account.plan.paymentStatus === 'ativo' ? account.user.id : null;
}

/**
 * The '!' on 'Suporte Premium', live: asked when a subscriber starts following it and again when the owner,
 * their plan or the connection changes; false offline, without premium support, or when the server fails.
 */
export function supportUnreadOf(
  account$: Observable<AccountState>,
  online$: Observable<boolean>,
  hasUnread: (userId: string) => Promise<boolean>,
): Observable<boolean> {
  return combineLatest([
    account$.pipe(map(premiumSupportOwner), distinctUntilChanged()),
    online$.pipe(distinctUntilChanged()),
  ]).pipe(
    switchMap(([userId, online]) => (userId && online ? from(hasUnread(userId)).pipe(catchError(() => of(false))) : of(false))),
    distinctUntilChanged(),
  );
}
