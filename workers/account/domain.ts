// The account domain: the session's lifecycle (session-lifecycle.ts: one supabase-js client per worker, the session
// in IndexedDB) and its commands (handlers.ts), with the account, profile and plan live.
import { map, type Observable } from 'rxjs';
import { createAccountHandlers } from './handlers.ts';
import { startAccountSession, type AccountOptions } from './session-lifecycle.ts';
import { supportHasUnread, supportUnreadOf } from './subscription.ts';
import type { AccountState } from './types.ts';

export { AUTH_STORAGE_KEY, type AccountAuth, type AccountOptions } from './session-lifecycle.ts';
export type { AccountState, PlanState, Profile, SignedInState } from './types.ts';
export type { AccountErrorReason } from './errors.ts';

export function createAccountDomain(options: AccountOptions) {
  const session = startAccountSession(options);
  const { client } = session;
  return {
    handlers: createAccountHandlers(session, options),
    live: {
      account: (_params: undefined): Observable<AccountState> => session.state$,
      supportUnread: (_params: undefined): Observable<boolean> =>
        supportUnreadOf(session.state$, options.connectivity.changes.pipe(map((change) => change.online)), (userId) =>
          supportHasUnread(client, userId),
        ),
    },
    auth: session.auth,
    /** Stops timers and listeners (tests; a worker simply ends). */
    dispose: (): Promise<void> => session.dispose(),
  };
}

export type AccountDomain = ReturnType<typeof createAccountDomain>;
