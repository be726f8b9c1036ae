// The Auth service's rate limits, one set per running service: GoTrue's per-address buckets on every
// endpoint, the emails one address may receive, and the wrong passwords and codes one caller may try.
// Every answer is the same whether or not an account exists (keys are addresses, never user rows).
import { overEmailSendRateLimit, overRequestRateLimit } from './errors.ts';
import { ipKey, RateLimiter, type Rate } from './rate-limiter.ts';
import type { AuthSettings } from './settings.ts';

/** The endpoints GoTrue limits per address, each with its own bucket. */
export type RequestBucket =
  | 'token'
  | 'verify'
  | 'signup'
  | 'recover'
  | 'resend'
  | 'otp'
  | 'magiclink'
  | 'user'
  | 'reauthenticate'
  | 'factor_challenge'
  | 'factor_verify';

/** What an email is for: requests of different purposes do not hold each other back. */
export type EmailPurpose = 'signup' | 'recovery' | 'otp' | 'email_change';

export interface AuthLimits {
  requests: RateLimiter;
  signIns: RateLimiter;
  emails: RateLimiter;
  codes: RateLimiter;
}

export function createAuthLimits(settings: AuthSettings): AuthLimits {
  return {
    requests: new RateLimiter(settings.now),
    signIns: new RateLimiter(settings.now),
    emails: new RateLimiter(settings.now),
    codes: new RateLimiter(settings.now),
  };
}

function requestRate(settings: AuthSettings, bucket: RequestBucket): Rate {
  if (bucket === 'token') return settings.rates.token;
  if (bucket === 'verify') return settings.rates.verify;
  if (bucket === 'factor_challenge' || bucket === 'factor_verify') return settings.rates.factors;
  return settings.rates.emailRequests;
}

/** The request's endpoint bucket for its address, or GoTrue's 429. */
export function limitRequest(limits: AuthLimits, settings: AuthSettings, bucket: RequestBucket, ip: string): void {
  const key = `${bucket}|${ipKey(ip)}`;
  const rate = requestRate(settings, bucket);
  if (limits.requests.take(key, rate)) return;
  const wait = limits.requests.waitSeconds(key, rate);
  throw overRequestRateLimit(Number.isFinite(wait) ? wait : 3600);
}

/**
 * One more email of `purpose` to `address`, or GoTrue's over_email_send_rate_limit: at most one per
 * emailFrequencySeconds and `emailsPerAddress` an hour. Checked before looking the address up, so the
 * answer never tells a registered address from an unknown one.
 */
export function limitEmail(limits: AuthLimits, settings: AuthSettings, purpose: EmailPurpose, address: string): void {
  const key = `${purpose}|${address.trim().toLowerCase()}`;
  const buckets: [string, Rate][] = [[`${key}|hour`, settings.rates.emailsPerAddress]];
  if (settings.emailFrequencySeconds > 0)
    buckets.push([`${key}|interval`, { burst: 1, refill: 1, perSeconds: settings.emailFrequencySeconds }]);
  const wait = Math.max(...buckets.map(([bucket, rate]) => limits.emails.waitSeconds(bucket, rate)));
  if (wait > 0) throw overEmailSendRateLimit(Number.isFinite(wait) ? wait : 3600);
  for (const [bucket, rate] of buckets) limits.emails.take(bucket, rate);
}
