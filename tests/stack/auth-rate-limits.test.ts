// Every Auth endpoint GoTrue limits per address answers 429 over_request_rate_limit with GoTrue's own body once
// the address has spent its burst, while other addresses go on; the bucket refills on the Auth clock (moved by
// the test, never waited for). The defaults leave a busy shop's ordinary sign-ins alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PASSWORD = 'Senha@Forte1';
/** Three requests, then one every 100 s. */
const SMALL = { burst: 3, refill: 3, perSeconds: 300 };

let stack: TestStack;
const clock = { now: Date.now() };

beforeAll(async () => {
  // The test plays a load balancer on loopback, so the stack believes the addresses it forwards.
  stack = await startTestStack({
    config: { trustedProxies: ['127.0.0.1'] },
    auth: { now: () => clock.now, rates: { token: SMALL, verify: SMALL, emailRequests: SMALL, factors: SMALL } },
  });
});

afterAll(async () => {
  await stack.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
}

/** A plain request as an old GoTrue client sends it (no API version header: GoTrue's legacy error body). */
async function call(path: string, body: Record<string, unknown>, ip: string): Promise<Answer> {
  const response = await fetch(`${stack.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    retryAfter: response.headers.get('retry-after'),
  };
}

let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${(serial += 1)}@teste.dev`;

/** Each endpoint's request; emails differ per call so that the per-address email limit stays out of the way. */
const ENDPOINTS: [string, string, () => Record<string, unknown>][] = [
  ['password sign-in', '/token?grant_type=password', () => ({ email: unique('senha'), password: 'errada-123' })],
  ['refresh', '/token?grant_type=refresh_token', () => ({ refresh_token: 'naoexiste123456' })],
  ['verify', '/verify', () => ({ type: 'recovery', email: unique('codigo'), token: '123456' })],
  ['recover', '/recover', () => ({ email: unique('recupera') })],
  ['otp', '/otp', () => ({ email: unique('otp'), create_user: false })],
  ['magiclink', '/magiclink', () => ({ email: unique('magico') })],
  ['signup', '/signup', () => ({ email: unique('cadastro'), password: PASSWORD })],
  ['resend', '/resend', () => ({ type: 'signup', email: unique('reenvio') })],
  // Second-factor challenges and verifications (guessing a six-digit code), counted before the caller is known.
  ['factor challenge', `/factors/${crypto.randomUUID()}/challenge`, () => ({})],
  ['factor verify', `/factors/${crypto.randomUUID()}/verify`, () => ({ challenge_id: crypto.randomUUID(), code: '123456' })],
];

describe('per-address limits on every Auth endpoint', () => {
  ENDPOINTS.forEach(([name, path, body], index) => {
    it(`${name}: 429 over_request_rate_limit after the burst, for that address only, until the bucket refills`, async () => {
      const attacker = `198.18.${index}.1`;
      const neighbour = `198.18.${index}.2`;
      for (let i = 0; i < SMALL.burst; i += 1) {
        const allowed = await call(path, body(), attacker);
        expect(allowed.status).not.toBe(429);
      }
      const refused = await call(path, body(), attacker);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
      expect(refused.retryAfter).toBe('100');

      expect((await call(path, body(), neighbour)).status).not.toBe(429);

      clock.now += 100_000;
      expect((await call(path, body(), attacker)).status).not.toBe(429);
      expect((await call(path, body(), attacker)).status).toBe(429);
    });
  });

  it('limits IPv6 callers by their /64 network, which one subscriber holds whole', async () => {
    for (let i = 0; i < SMALL.burst; i += 1) {
      expect((await call('/recover', { email: unique('v6') }, `2001:db8:5:6::${i + 1}`)).status).toBe(200);
    }
    expect((await call('/recover', { email: unique('v6') }, '2001:db8:5:6:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await call('/recover', { email: unique('v6') }, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('supabase-js sees the refusal as a 429 with GoTrue code', async () => {
    const from = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as never },
      global: { headers: { 'x-forwarded-for': '198.18.99.1' } },
    });
    for (let i = 0; i < SMALL.burst; i += 1) await from.auth.resetPasswordForEmail(unique('js'));
    const { error } = await from.auth.resetPasswordForEmail(unique('js'));
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });
});

describe('default limits', () => {
  it('let one address sign in and refresh as often as a shop does in a busy hour', async () => {
    const defaults = await startTestStack({ db: stack.db, auth: { now: () => clock.now } });
    try {
      const email = unique('loja');
      const { error } = await defaults.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
      expect(error).toBeNull();
      // Three devices signing in, then each refreshing five times, all from the shop's one address.
      for (let device = 0; device < 3; device += 1) {
        const signedIn = await defaults.client().auth.signInWithPassword({ email, password: PASSWORD });
        expect(signedIn.error).toBeNull();
        let refreshToken = signedIn.data.session?.refresh_token ?? '';
        for (let i = 0; i < 5; i += 1) {
          const refreshed = await defaults.client().auth.refreshSession({ refresh_token: refreshToken });
          expect(refreshed.error).toBeNull();
          refreshToken = refreshed.data.session?.refresh_token ?? '';
        }
      }
    } finally {
      await defaults.close();
    }
  });
});
