// Auth failures as DataError: a stable `reason` in details that the UI maps to the spec's Portuguese text.
import {
  FunctionsFetchError,
  FunctionsHttpError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthWeakPasswordError,
} from '@supabase/supabase-js';
import { DataError, type DataErrorCode } from '../contract/errors.ts';

export type AccountErrorReason =
  | 'offline'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'user_not_found'
  | 'user_already_exists'
  | 'weak_password'
  | 'same_password'
  | 'otp_expired'
  | 'rate_limited'
  | 'account_suspended'
  | 'profile_failed'
  | 'not_signed_in'
  | 'unsynced_changes'
  | 'function_failed'
  | 'unknown';

export interface AccountErrorDetails {
  readonly reason: AccountErrorReason;
  /** Unsynced changes that block a sign-out. */
  readonly pending?: number;
}

const CODE_OF: Record<AccountErrorReason, DataErrorCode> = {
  offline: 'offline',
  invalid_credentials: 'unauthenticated',
  email_not_confirmed: 'unauthenticated',
  user_not_found: 'unauthenticated',
  user_already_exists: 'conflict',
  weak_password: 'invalid_input',
  same_password: 'invalid_input',
  otp_expired: 'unauthenticated',
  rate_limited: 'limit_reached',
  account_suspended: 'forbidden',
  profile_failed: 'unauthenticated',
  not_signed_in: 'unauthenticated',
  unsynced_changes: 'conflict',
  function_failed: 'internal',
  unknown: 'internal',
};

export function accountError(reason: AccountErrorReason, message: string, extra: Omit<AccountErrorDetails, 'reason'> = {}): DataError {
  return new DataError(CODE_OF[reason], message, { reason, ...extra } satisfies AccountErrorDetails);
}

/** The reason carried by a DataError raised here, or undefined for any other error. */
export function accountErrorReason(error: unknown): AccountErrorReason | undefined {
  if (!(error instanceof DataError)) return undefined;
  const details = error.details as Partial<AccountErrorDetails> | undefined;
  return typeof details?.reason === 'string' ? details.reason : undefined;
}

const REASON_OF_CODE: Record<string, AccountErrorReason> = {
  invalid_credentials: 'invalid_credentials',
  email_not_confirmed: 'email_not_confirmed',
  user_not_found: 'user_not_found',
  user_already_exists: 'user_already_exists',
  email_exists: 'user_already_exists',
  weak_password: 'weak_password',
  same_password: 'same_password',
  otp_expired: 'otp_expired',
  over_request_rate_limit: 'rate_limited',
  over_email_send_rate_limit: 'rate_limited',
  user_banned: 'account_suspended',
};

/** An edge function's failure: its JSON `error` when it sent one, else 'Erro HTTP {status}' (doc 2 §8). */
export async function toFunctionError(error: unknown): Promise<DataError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const message = typeof body?.error === 'string' ? body.error : `Erro HTTP ${response.status}`;
    return accountError('function_failed', message);
  }
  if (error instanceof FunctionsFetchError) return accountError('offline', error.message);
  return toAccountError(error);
}

/** Maps whatever supabase-js returned or threw; a network failure is `offline`. */
export function toAccountError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  if (isAuthWeakPasswordError(error)) return accountError('weak_password', error.message);
  if (isAuthRetryableFetchError(error)) {
    return accountError(error.status === 0 ? 'offline' : 'unknown', error.message);
  }
  if (isAuthApiError(error)) {
    const byCode = error.code ? REASON_OF_CODE[error.code] : undefined;
    if (byCode) return accountError(byCode, error.message);
    const message = error.message.toLowerCase();
    if (message.includes('user not found')) return accountError('user_not_found', error.message);
    if (message.includes('not confirmed')) return accountError('email_not_confirmed', error.message);
    if (message.includes('invalid login') || message.includes('invalid password')) return accountError('invalid_credentials', error.message);
    if (error.status === 429) return accountError('rate_limited', error.message);
    return accountError('unknown', error.message);
  }
  if (isAuthError(error)) return accountError('unknown', error.message);
  if (error instanceof TypeError) return accountError('offline', error.message);
  return accountError('unknown', error instanceof Error ? error.message : String(error));
}
