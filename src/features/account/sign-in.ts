// Signing in: the login form's schema and the command, with failures turned into the spec's messages.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';
import type { FailureWording } from '../../lib/command.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { accountFailure, type AccountFailure } from './failures.ts';

export const signInSchema = v.object({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty(t.auth.login.missingFields), v.email(t.auth.invalidEmail)),
  password: v.pipe(v.string(), v.nonEmpty(t.auth.login.missingFields)),
});

export type SignInValues = v.InferInput<typeof signInSchema>;

export interface LoginFailure {
  readonly title: string;
  readonly message: string;
  /** The email is not confirmed: offer 'Reenviar confirmação'. */
  readonly canResend: boolean;
}

const LOGIN_MESSAGES: Partial<Record<AccountFailure['reason'], string>> = {
  user_not_found: t.auth.login.userNotFound,
  invalid_credentials: t.auth.login.invalidCredentials,
  email_not_confirmed: t.auth.login.notConfirmed,
  profile_failed: t.auth.login.profileFailed,
  rate_limited: t.auth.rateLimited,
  account_suspended: t.auth.login.suspended,
  ip_blocked: t.auth.login.ipBlocked,
  internal: t.auth.login.fallback,
};

/** Maps any sign-in failure to the title and message of doc 2 §8. */
export function loginFailure(error: unknown): LoginFailure {
  const failure = accountFailure(error);
  if (failure.reason === 'offline') return { title: t.auth.login.offlineTitle, message: t.auth.login.offline, canResend: false };
  if (failure.reason === 'account_suspended' && failure.serverMessage) {
    return { title: t.auth.login.errorTitle, message: t.auth.login.suspendedBecause(failure.serverMessage), canResend: false };
  }
  const message = failure.known ? (LOGIN_MESSAGES[failure.reason] ?? t.auth.login.fallback) : t.auth.login.unknown;
  return { title: t.auth.login.errorTitle, message, canResend: failure.reason === 'email_not_confirmed' };
}

/** The same, as the sign-in command shows it above the form. */
export function loginFailureWording(error: unknown): FailureWording {
  const { title, message } = loginFailure(error);
  return { title, description: message };
}

export async function signIn(data: DataClient, values: v.InferOutput<typeof signInSchema>): Promise<void> {
  await data.account.signIn(values);
}
