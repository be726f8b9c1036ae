// The data worker's whole API, composed in this one place from the per-domain handler modules.
import { createAccountDomain, type AccountOptions } from './account/domain.ts';
import { createDetachedAccountDomain } from './account/detached.ts';
import { createLiveRegistry } from './live/registry.ts';
import { createSessionDomain, type SessionStore } from './session/handlers.ts';
import { createSystemDomain, type SystemOptions } from './system/handlers.ts';

export interface DataApiOptions extends SystemOptions {
  sessionStore: SessionStore;
  /** The backend account (auth session, profile, plan); without it the account is always signed out. */
  account?: Omit<AccountOptions, 'connectivity'>;
}

function createDomains(options: DataApiOptions) {
  // Domains that reach the server take `account.auth`: the signed-in supabase-js client, token and user id.
  const account = options.account
    ? createAccountDomain({ ...options.account, connectivity: options.connectivity })
    : createDetachedAccountDomain();
  return {
    system: createSystemDomain(options),
    session: createSessionDomain(options),
    account,
  };
}

export function createDataApi(options: DataApiOptions) {
  const { system, session, account } = createDomains(options);
  const liveQueries = { ...system.live, ...session.live, ...account.live };
  return {
    system: system.handlers,
    session: session.handlers,
    account: account.handlers,
    live: createLiveRegistry(liveQueries),
  };
}

export type DataApi = ReturnType<typeof createDataApi>;
type Domains = ReturnType<typeof createDomains>;
export type LiveQueries = Domains['system']['live'] & Domains['session']['live'] & Domains['account']['live'];
export type LiveQueryName = Extract<keyof LiveQueries, string>;
export type { ConnectivityState } from './system/connectivity.ts';
export type { SessionSummary } from './session/handlers.ts';
export type { AccountState, PlanState, Profile, SignedInState } from './account/types.ts';
export type { AccountErrorReason } from './account/errors.ts';
