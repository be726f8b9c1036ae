// An account domain with no backend (tests of other domains): always signed out, every command refused.
import { of, type Observable } from 'rxjs';
import type { AccountAuth, AccountDomain } from './domain.ts';
import { accountError } from './errors.ts';
import type { AccountState } from './types.ts';

const SIGNED_OUT: AccountState = { status: 'signed_out', reason: 'signed_out' };

export function createDetachedAccountDomain(): AccountDomain {
  const refuse = (): Promise<never> => Promise.reject(accountError('internal', 'no server configured for the account'));
  const auth: AccountAuth = {
    get client(): never {
      throw accountError('internal', 'no server configured for the account');
    },
    session$: of(null),
    userId$: of(null),
    accessToken: () => Promise.resolve(null),
    setPendingChangesProbe: () => undefined,
  };
  return {
    handlers: {
      current: () => Promise.resolve(SIGNED_OUT),
      verifyDevice: () => Promise.resolve(),
      signIn: refuse,
      signUp: refuse,
      pendingEmail: () => Promise.resolve(null),
      resendConfirmation: refuse,
      confirmSignupCode: refuse,
      requestPasswordReset: refuse,
      acceptRecoveryLink: refuse,
      acceptRecoveryCode: refuse,
      completePasswordReset: refuse,
      refreshProfile: refuse,
      updateMarketName: refuse,
      updatePixKey: refuse,
      startCheckout: refuse,
      openCustomerPortal: refuse,
      checkSubscription: refuse,
      signOut: refuse,
    },
    live: {
      account: (_params: undefined): Observable<AccountState> => of(SIGNED_OUT),
      supportUnread: (_params: undefined): Observable<boolean> => of(false),
    },
    auth,
    dispose: () => Promise.resolve(),
  };
}
