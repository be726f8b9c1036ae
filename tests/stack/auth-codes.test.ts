// The six-digit codes of emailed links cannot be guessed: a code dies after five wrong tries (its link still
// works), one address gets ten wrong tries a day whoever types them and from wherever, whether or not it is
// registered, and codes and links live one hour. Time moves on the Auth clock the test holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface MailJson {
  id: string;
  text: string;
  links: string[];
}

const PASSWORD = 'Senha@Forte1';
const MINUTE = 60_000;

let stack: TestStack;
const clock = { now: Date.now() };

beforeAll(async () => {
  stack = await startTestStack({ config: { trustedProxies: ['127.0.0.1'] }, auth: { now: () => clock.now } });
});

afterAll(async () => {
  await stack.close();
});

/** A client whose requests come from `ip`, as forwarded by the trusted proxy. */
function clientFrom(ip: string) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

let serial = 0;
const unique = (prefix: string) => `${prefix}.${Date.now()}.${(serial += 1)}@teste.dev`;

async function owner(): Promise<string> {
  const email = unique('dona');
  const { error } = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return email;
}

/** Asks for a recovery email (past the one-per-second limit of the last one) and reads its code and link. */
async function recoveryCode(email: string): Promise<{ code: string; link: string }> {
  clock.now += 2000;
  await stack.db.query(`UPDATE auth.users SET recovery_sent_at = recovery_sent_at - interval '2 seconds' WHERE email = $1`, [
    email,
  ]);
  const { error } = await clientFrom('192.0.2.200').auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
  const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(email)}`);
  const mail = (await response.json()) as MailJson;
  const code = /código (\d{6})/.exec(mail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return { code, link: mail.links[0] ?? '' };
}

/** A six-digit code other than `code`. */
const wrongCode = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

async function followLink(link: string): Promise<URLSearchParams> {
  const response = await fetch(link, { redirect: 'manual' });
  return new URLSearchParams(new URL(response.headers.get('location') ?? 'about:blank').hash.slice(1));
}

describe('guessing a six-digit code', () => {
  it('kills the code after five wrong tries, even for the right one after them; the emailed link still works', async () => {
    const email = await owner();
    const { code, link } = await recoveryCode(email);
    const attacker = clientFrom('203.0.113.50');
    for (let n = 0; n < 5; n += 1) {
      const { error } = await attacker.auth.verifyOtp({ email, token: wrongCode(code, n), type: 'recovery' });
      expect(error?.code).toBe('otp_expired');
      expect(error?.status).toBe(403);
    }
    const right = await attacker.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(right.error?.code).toBe('otp_expired');
    expect(right.data.session).toBeNull();

    const { rows } = await stack.db.query<{ action: string; ip_address: string }>(
      `SELECT action, ip_address FROM public.security_logs WHERE details ->> 'email' = $1`,
      [email],
    );
    expect(rows).toEqual([{ action: 'otp_attempts_exhausted', ip_address: '203.0.113.50' }]);

    // The owner, who has the email, still gets in through its link.
    const fragment = await followLink(link);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it('a fresh code after a dead one works, and a right code within five tries works', async () => {
    const email = await owner();
    const first = await recoveryCode(email);
    for (let n = 0; n < 5; n += 1)
      await clientFrom('203.0.113.51').auth.verifyOtp({ email, token: wrongCode(first.code, n), type: 'recovery' });
    const second = await recoveryCode(email);
    await clientFrom('203.0.113.51').auth.verifyOtp({ email, token: wrongCode(second.code, 0), type: 'recovery' });
    const { data, error } = await clientFrom('192.0.2.201').auth.verifyOtp({ email, token: second.code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('allows one address ten wrong codes a day, from any address and across codes, registered or not', async () => {
    const email = await owner();
    const nobody = unique('ninguem');
    // Two codes killed from two different addresses: ten wrong tries in all.
    for (const ip of ['203.0.113.60', '203.0.113.61']) {
      const { code } = await recoveryCode(email);
      for (let n = 0; n < 5; n += 1) {
        const { error } = await clientFrom(ip).auth.verifyOtp({ email, token: wrongCode(code, n), type: 'recovery' });
        expect(error?.code).toBe('otp_expired');
      }
    }
    const { code } = await recoveryCode(email);
    const spent = await clientFrom('203.0.113.62').auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(spent.error?.status).toBe(429);
    expect(spent.error?.code).toBe('over_request_rate_limit');

    // An unknown address answers exactly the same way: nothing tells them apart.
    for (let n = 0; n < 10; n += 1) {
      const { error } = await clientFrom(`203.0.113.${70 + n}`).auth.verifyOtp({
        email: nobody,
        token: wrongCode('000000', n),
        type: 'recovery',
      });
      expect(error?.code).toBe('otp_expired');
    }
    const unknown = await clientFrom('203.0.113.90').auth.verifyOtp({ email: nobody, token: '123456', type: 'recovery' });
    expect(unknown.error?.code).toBe('over_request_rate_limit');

    // A day later (the code itself having expired meanwhile), a new code works.
    clock.now += 24 * 60 * MINUTE;
    const next = await recoveryCode(email);
    const { error } = await clientFrom('192.0.2.202').auth.verifyOtp({ email, token: next.code, type: 'recovery' });
    expect(error).toBeNull();
  });
});

describe('code lifetime', () => {
  it('codes and links live one hour, as in new Supabase projects', async () => {
    const early = await owner();
    const late = await owner();
    const earlyMail = await recoveryCode(early);
    const lateMail = await recoveryCode(late);

    clock.now += 59 * MINUTE;
    const inTime = await clientFrom('192.0.2.203').auth.verifyOtp({ email: early, token: earlyMail.code, type: 'recovery' });
    expect(inTime.error).toBeNull();

    clock.now += 2 * MINUTE;
    const tooLate = await clientFrom('192.0.2.203').auth.verifyOtp({ email: late, token: lateMail.code, type: 'recovery' });
    expect(tooLate.error?.code).toBe('otp_expired');
    const fragment = await followLink(lateMail.link);
    expect(fragment.get('error_code')).toBe('otp_expired');
    expect(fragment.get('access_token')).toBeNull();
  });
});
