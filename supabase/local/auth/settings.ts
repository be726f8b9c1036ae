// Auth settings that GoTrue reads from its environment, with the defaults of Supabase's local stack, and the
// rate limits (GoTrue's per-address buckets plus Caderneta's per-account ones), with the clock they run on.
import type { Rate } from './rate-limiter.ts';
import { wholeNumberSetting } from '../settings-reading.ts';

export interface AuthRates {
  /** /token (password and refresh grants) per IP address: GoTrue's RATE_LIMIT_TOKEN_REFRESH, 150 per 5 min, burst 30. */
  token: Rate;
  /** /verify (links and codes) per IP address: GoTrue's RATE_LIMIT_VERIFY, 30 per 5 min, burst 30. */
  verify: Rate;
  /** Each endpoint that sends an email (/signup, /recover, /resend, /otp, /magiclink, PUT /user) per IP address: GoTrue's RATE_LIMIT_OTP, 30 per 5 min, burst 30. */
  emailRequests: Rate;
  /** Wrong passwords from one IP address, whatever the account (credential stuffing): 20, then 20 per 15 min. */
  failedSignInsPerIp: Rate;
  /** Emails of one kind to one email address, whoever asks: 10, then 10 per hour (on top of the minimum interval). */
  emailsPerAddress: Rate;
  /** Wrong six-digit codes typed for one email address, for any of its codes and from any IP: 10, then 10 per day. */
  wrongCodesPerAddress: Rate;
  /**
   * /factors/:id/challenge and /factors/:id/verify per IP address, each its own bucket: GoTrue's
   * MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15 per minute, burst 30.
   */
  factors: Rate;
  /** Wrong second-factor codes for one account, from any IP (guessing a six-digit code): 10, then 10 per hour. */
  wrongFactorCodesPerUser: Rate;
}

export interface AuthSettings {
  /**
   * Sign-ups are confirmed at once and answered with a session (GOTRUE_MAILER_AUTOCONFIRM, the CLI's
   * `[auth.email] enable_confirmations = false`). Off: the app's flows confirm by email.
   */
  mailerAutoconfirm: boolean;
  /** Anonymous sign-ins (GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED; off, as in a new Supabase project). */
  anonymousSignIns: boolean;
  /** GoTrue's GOTRUE_PASSWORD_MIN_LENGTH (6). */
  minPasswordLength: number;
  /** How long emailed links and codes stay valid (GOTRUE_MAILER_OTP_EXP; one hour, as new Supabase projects). */
  otpExpirySeconds: number;
  /** Wrong tries after which a six-digit code stops working (its emailed link still works). */
  otpMaxAttempts: number;
  /** A revoked refresh token used again within this window returns the current session (GoTrue: 10 s). */
  refreshReuseIntervalSeconds: number;
  /** Minimum time between two emails of the same kind to one email address (the CLI's `max_frequency`, 1 s). */
  emailFrequencySeconds: number;
  /** Redirect targets allowed besides the site URL's origin and the stack's own (ADDITIONAL_REDIRECT_URLS). */
  additionalRedirectUrls: string[];
  /**
   * Wrong passwords one IP address may try on one account before it is slowed down to the refill rate, when
   * `system_settings.security_settings` does not say (max_login_attempts and lockout_duration).
   */
  defaultMaxLoginAttempts: number;
  defaultLockoutMinutes: number;
  rates: AuthRates;
  /** The clock of rate limits and code expiry, in milliseconds (tests move it instead of waiting). */
  now: () => number;
}

export interface AuthSettingsOverrides extends Partial<Omit<AuthSettings, 'rates'>> {
  rates?: Partial<AuthRates>;
}

const FIVE_MINUTES = 300;

/** GoTrue's settings from the environment (read once, by `loadConfig`); a number that is not one stops the stack. */
export function loadAuthSettings(env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const number = (name: string, fallback: number) => wholeNumberSetting(env, name, fallback);
  const per5Minutes = (name: string, fallback: number): Rate => ({
    burst: 30,
    refill: number(name, fallback),
    perSeconds: FIVE_MINUTES,
  });
  return {
    mailerAutoconfirm: env.GOTRUE_MAILER_AUTOCONFIRM === 'true',
    anonymousSignIns: env.GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED === 'true',
    minPasswordLength: number('GOTRUE_PASSWORD_MIN_LENGTH', 6),
    otpExpirySeconds: number('GOTRUE_MAILER_OTP_EXP', 3600),
    otpMaxAttempts: 5,
    refreshReuseIntervalSeconds: number('GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL', 10),
    emailFrequencySeconds: number('GOTRUE_SMTP_MAX_FREQUENCY', 1),
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    defaultMaxLoginAttempts: 5,
    defaultLockoutMinutes: 15,
    rates: {
      token: per5Minutes('GOTRUE_RATE_LIMIT_TOKEN_REFRESH', 150),
      verify: per5Minutes('GOTRUE_RATE_LIMIT_VERIFY', 30),
      emailRequests: per5Minutes('GOTRUE_RATE_LIMIT_OTP', 30),
      failedSignInsPerIp: { burst: 20, refill: 20, perSeconds: 15 * 60 },
      emailsPerAddress: { burst: 10, refill: 10, perSeconds: 3600 },
      wrongCodesPerAddress: { burst: 10, refill: 10, perSeconds: 86_400 },
      factors: { burst: 30, refill: number('GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY', 15), perSeconds: 60 },
      wrongFactorCodesPerUser: { burst: 10, refill: 10, perSeconds: 3600 },
    },
    now: Date.now,
  };
}

/** The settings with a test's overrides on top (the rates merged one by one). */
export function withAuthOverrides(settings: AuthSettings, overrides: AuthSettingsOverrides = {}): AuthSettings {
  return { ...settings, ...overrides, rates: { ...settings.rates, ...overrides.rates } };
}
