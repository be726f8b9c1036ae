// The stack's settings are read and checked once (supabase/local/config.ts): a number that does not read as one
// stops the stack with the setting's name, instead of a NaN port or a silent default.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';

describe('loadConfig', () => {
  it('takes the defaults of `supabase start` when nothing is set', async () => {
    const config = await loadConfig({});
    expect(config.port).toBe(54321);
    expect(config.jwtExpirySeconds).toBe(3600);
    expect(config.auth.minPasswordLength).toBe(6);
    expect(config.auth.rates.token.refill).toBe(150);
    expect(config.auth.additionalRedirectUrls).toEqual([]);
  });

  it('reads the port, the token lifetime and GoTrue’s settings from the environment', async () => {
    const config = await loadConfig({
      PORT: '54400',
      JWT_EXPIRY: '600',
      GOTRUE_PASSWORD_MIN_LENGTH: '8',
      GOTRUE_RATE_LIMIT_TOKEN_REFRESH: '40',
      ADDITIONAL_REDIRECT_URLS: 'http://127.0.0.1:5273, https://loja.example/app/**',
    });
    expect(config.port).toBe(54400);
    expect(config.publicUrl).toBe('http://127.0.0.1:54400');
    expect(config.jwtExpirySeconds).toBe(600);
    expect(config.auth.minPasswordLength).toBe(8);
    expect(config.auth.rates.token.refill).toBe(40);
    expect(config.auth.additionalRedirectUrls).toEqual(['http://127.0.0.1:5273', 'https://loja.example/app/**']);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535; it is "abc"'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535; it is "70000"'],
    ['JWT_EXPIRY', '0', 'JWT_EXPIRY must be a whole number from 1 to'],
    ['JWT_EXPIRY', '1h', 'JWT_EXPIRY must be a whole number from 1 to'],
    ['GOTRUE_PASSWORD_MIN_LENGTH', '-1', 'GOTRUE_PASSWORD_MIN_LENGTH must be a whole number from 0 to'],
    ['GOTRUE_RATE_LIMIT_OTP', '2.5', 'GOTRUE_RATE_LIMIT_OTP must be a whole number from 0 to'],
  ])('refuses %s=%s, naming the setting', async (name, value, message) => {
    await expect(loadConfig({ [name]: value })).rejects.toThrow(message);
  });
});
