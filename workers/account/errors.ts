// Auth failures as DataError: a stable code the UI maps to the spec's Portuguese text.
import {
  FunctionsFetchError,
  FunctionsHttpError,
  isAuthApiError,
  isAuthError,
  isAuthRetryableFetchError,
  isAuthWeakPasswordError,
} from '@supabase/supabase-js';
import { DataError, type DataErrorCode, type DataErrorDetails } from '../contract/errors.ts';

/** The codes the account domain raises (a subset of the one catalogue of DataError codes). */
export type AccountErrorReason = Extract<
  DataErrorCode,
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
  | 'ip_blocked'
  | 'profile_failed'
  | 'not_signed_in'
  | 'unsynced_changes'
  | 'function_failed'
  | 'internal'
>;

/** An account failure; `diagnostic` is the provider's own (English) text, kept for logs only. */
export function accountError(reason: AccountErrorReason, diagnostic?: string, details?: DataErrorDetails): DataError {
  return new DataError(reason, { diagnostic, details });
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
  // The front door refuses an address an admin blocked (public.blocked_ips).
  ip_address_blocked: 'ip_blocked',
};

/** An edge function's failure: its JSON `error` when it sent one, else 'Erro HTTP {status}' (doc 2 §8). */
export async function toFunctionError(error: unknown): Promise<DataError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const serverMessage = typeof body?.error === 'string' ? body.error : undefined;
    return accountError('function_failed', `HTTP ${response.status}`, { serverMessage, serverCode: String(response.status) });
  }
  if (error instanceof FunctionsFetchError) return accountError('offline', error.message);
  return toAccountError(error);
}

/** GoTrue's own messages for a banned account (no reason given). */
const GOTRUE_BANNED_MESSAGES = new Set(['User is banned', 'Invalid Refresh Token: User Banned']);

/** Maps whatever supabase-js returned or threw; a network failure is `offline`. */
export function toAccountError(error: unknown): DataError {
  if (error instanceof DataError) return error;
  if (isAuthWeakPasswordError(error)) return accountError('weak_password', error.message);
  if (isAuthRetryableFetchError(error)) {
    return accountError(error.status === 0 ? 'offline' : 'internal', error.message);
  }
  if (isAuthApiError(error)) {
    if (error.code === 'user_banned') {
      // The admin's reason for the suspension when the server sent one instead of GoTrue's own wording.
      const reason = GOTRUE_BANNED_MESSAGES.has(error.message) ? undefined : error.message;
      return accountError('account_suspended', error.message, reason === undefined ? undefined : { serverMessage: reason });
    }
    const byCode = error.code ? REASON_OF_CODE[error.code] : undefined;
    if (byCode) return accountError(byCode, error.message);
    const message = error.message.toLowerCase();
    if (message.includes('user not found')) return accountError('user_not_found', error.message);
    if (message.includes('not confirmed')) return accountError('email_not_confirmed', error.message);
    if (message.includes('invalid login') || message.includes('invalid password'))
      return accountError('invalid_credentials', error.message);
    if (error.status === 429) return accountError('rate_limited', error.message);
    return accountError('internal', error.message);
  }
  if (isAuthError(error)) return accountError('internal', error.message);
  if (error instanceof TypeError) return accountError('offline', error.message);
  return accountError('internal', error instanceof Error ? error.message : String(error));
}
