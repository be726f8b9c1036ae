// Auth settings that GoTrue reads from its environment, with the defaults of Supabase's local stack.
export interface AuthSettings {
  /** GoTrue's GOTRUE_PASSWORD_MIN_LENGTH (6). */
  minPasswordLength: number;
  /** How long emailed links and codes stay valid (GOTRUE_MAILER_OTP_EXP, one day). */
  otpExpirySeconds: number;
  /** A revoked refresh token used again within this window returns the current session (GoTrue: 10 s). */
  refreshReuseIntervalSeconds: number;
  /** Minimum time between two emails of the same kind to one user (the CLI's `max_frequency`, 1 s). */
  emailFrequencySeconds: number;
  /** Redirect targets allowed besides the site URL's origin and the stack's own (ADDITIONAL_REDIRECT_URLS). */
  additionalRedirectUrls: string[];
  /** Login lockout used when `system_settings.security_settings` does not say. */
  defaultMaxLoginAttempts: number;
  defaultLockoutMinutes: number;
}

export function loadAuthSettings(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AuthSettings> = {}): AuthSettings {
  const number = (value: string | undefined, fallback: number) => (value && Number.isFinite(Number(value)) ? Number(value) : fallback);
  return {
    minPasswordLength: number(env.GOTRUE_PASSWORD_MIN_LENGTH, 6),
    otpExpirySeconds: number(env.GOTRUE_MAILER_OTP_EXP, 86_400),
    refreshReuseIntervalSeconds: number(env.GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, 10),
    emailFrequencySeconds: number(env.GOTRUE_SMTP_MAX_FREQUENCY, 1),
    additionalRedirectUrls: (env.ADDITIONAL_REDIRECT_URLS ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    defaultMaxLoginAttempts: 5,
    defaultLockoutMinutes: 15,
    ...overrides,
  };
}
