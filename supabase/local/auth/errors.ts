// GoTrue's error bodies: `{code, message}` for clients that ask for API version 2024-01-01 (auth-js always
// does), the legacy `{code: status, error_code, msg}` otherwise, so auth-js maps each to the right error class.
export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION = '2024-01-01';

/** A refusal with GoTrue's error code; `extra` is merged into the body (e.g. `weak_password`). */
export class AuthFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** For 429: when the caller may try again (the Retry-After header; GoTrue's body does not carry it). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** True when the request asked for the 2024-01-01 API (or a later one). */
export function wantsCurrentApi(request: Request): boolean {
  const asked = request.headers.get(API_VERSION_HEADER);
  return asked !== null && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked >= API_VERSION;
}

export function failureResponse(failure: AuthFailure, request: Request): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'x-sb-error-code': failure.code };
  let body: Record<string, unknown>;
  if (wantsCurrentApi(request)) {
    headers[API_VERSION_HEADER] = API_VERSION;
    body = { code: failure.code, message: failure.message, ...failure.extra };
  } else {
    body = { code: failure.status, error_code: failure.code, msg: failure.message, ...failure.extra };
  }
  if (failure.status === 429) headers['retry-after'] = String(failure.retryAfterSeconds ?? 60);
  return new Response(JSON.stringify(body), { status: failure.status, headers });
}

// The refusals used in more than one place, with GoTrue's own messages.
export const invalidCredentials = () => new AuthFailure(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (message: string) => new AuthFailure(400, 'validation_failed', message);
export const badJwt = (detail: string) =>
  new AuthFailure(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
export const noAuthorization = () => new AuthFailure(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const otpExpired = () => new AuthFailure(403, 'otp_expired', 'Token has expired or is invalid');
export const userNotFound = () => new AuthFailure(404, 'user_not_found', 'User not found');
export const emailExists = () =>
  new AuthFailure(422, 'email_exists', 'A user with this email address has already been registered');
export const notAdmin = () => new AuthFailure(403, 'not_admin', 'User not allowed');
/** GoTrue's answer when a per-address or per-account bucket is empty. */
export const overRequestRateLimit = (retryAfterSeconds: number) =>
  new AuthFailure(429, 'over_request_rate_limit', 'Request rate limit reached', {}, retryAfterSeconds);
export const overEmailSendRateLimit = (retryAfterSeconds: number) =>
  new AuthFailure(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${retryAfterSeconds} seconds.`,
    {},
    retryAfterSeconds,
  );
/** A banned or suspended account (GoTrue's user_banned: 400 on /token, 403 on /verify). */
export const userBanned = (status: 400 | 403, message = 'User is banned') => new AuthFailure(status, 'user_banned', message);
