// POST /auth/v1/verify with email and the six-digit code, as supabase-js's verifyOtp sends it: the right code
// of the sign-up email confirms the address and opens a session, once; a wrong code, another address's code, a
// code replaced by a newer email or older than an hour is refused with GoTrue's otp_expired; the code is kept
// only as a hash. Time moves on the Auth clock the test holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PASSWORD = 'Senha@Forte1';
const MINUTE = 60_000;

let stack: TestStack;
const clock = { now: Date.now() };

beforeAll(async () => {
  stack = await startTestStack({ auth: { now: () => clock.now } });
});

afterAll(async () => {
  await stack.close();
});

let serial = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${(serial += 1)}@teste.dev`;

/** The code in the newest email of `kind` to `to`. */
async function emailedCode(to: string, kind: 'signup' | 'recovery'): Promise<string> {
  const response = await fetch(`${stack.url}/mail/v1/messages?to=${encodeURIComponent(to)}&kind=${kind}&limit=1`);
  const body = (await response.json()) as { messages: { text: string }[] };
  const code = /digite o código (\d{6}) no aplicativo/.exec(body.messages[0]?.text ?? '')?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

async function signUp(email: string): Promise<string> {
  const { error } = await stack.client().auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  return emailedCode(email, 'signup');
}

const otherCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

describe('verifying the sign-up code', () => {
  it('the right code confirms the address and opens a session once; a wrong one before it changes nothing', async () => {
    const email = uniqueEmail('verifica.certo');
    const code = await signUp(email);
    const auth = stack.client().auth;

    const wrong = await auth.verifyOtp({ email, token: otherCode(code), type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    expect(wrong.error?.status).toBe(403);
    const unconfirmed = await auth.signInWithPassword({ email, password: PASSWORD });
    expect(unconfirmed.error?.code).toBe('email_not_confirmed');

    const right = await auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.access_token).toBeTruthy();
    expect(right.data.user?.email).toBe(email);
    expect(right.data.user?.email_confirmed_at).toBeTruthy();

    const reused = await stack.client().auth.verifyOtp({ email, token: code, type: 'signup' });
    expect(reused.error?.code).toBe('otp_expired');
    expect(reused.data.session).toBeNull();
  });

  it("type 'email' (supabase-js's newer name) checks the same code", async () => {
    const email = uniqueEmail('verifica.email');
    const code = await signUp(email);
    const { data, error } = await stack.client().auth.verifyOtp({ email, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('a code only works for the address it was sent to, and never as a recovery code', async () => {
    const first = uniqueEmail('verifica.um');
    const second = uniqueEmail('verifica.dois');
    const firstCode = await signUp(first);
    await signUp(second);
    const auth = stack.client().auth;
    expect((await auth.verifyOtp({ email: second, token: firstCode, type: 'signup' })).error?.code).toBe('otp_expired');
    expect((await auth.verifyOtp({ email: first, token: firstCode, type: 'recovery' })).error?.code).toBe('otp_expired');
    expect((await auth.verifyOtp({ email: first, token: firstCode, type: 'signup' })).error).toBeNull();
  });

  it('a resent email replaces the code; a code older than an hour is refused', async () => {
    const email = uniqueEmail('verifica.prazo');
    const old = await signUp(email);
    clock.now += 2000;
    expect((await stack.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const fresh = await emailedCode(email, 'signup');
    if (fresh !== old) {
      expect((await stack.client().auth.verifyOtp({ email, token: old, type: 'signup' })).error?.code).toBe('otp_expired');
    }

    clock.now += 61 * MINUTE;
    const late = await stack.client().auth.verifyOtp({ email, token: fresh, type: 'signup' });
    expect(late.error?.code).toBe('otp_expired');
    expect(late.data.session).toBeNull();
  });

  it('keeps the code only as a hash', async () => {
    const email = uniqueEmail('verifica.hash');
    const code = await signUp(email);
    const { rows } = await stack.db.query<{ confirmation_token: string }>(
      'SELECT confirmation_token FROM auth.users WHERE email = $1',
      [email],
    );
    expect(rows[0]?.confirmation_token).toMatch(/^[0-9a-f]{56}$/);
    expect(rows[0]?.confirmation_token).not.toContain(code);
  });
});

describe('verifying the recovery code', () => {
  it('the right code opens the session that sets a new password, once', async () => {
    const email = uniqueEmail('verifica.senha');
    const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    expect((await stack.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = await emailedCode(email, 'recovery');

    const client = stack.client();
    const { data, error } = await client.auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    expect((await client.auth.updateUser({ password: 'Nova@4567' })).error).toBeNull();

    expect((await stack.client().auth.verifyOtp({ email, token: code, type: 'recovery' })).error?.code).toBe('otp_expired');
    const signedIn = await stack.client().auth.signInWithPassword({ email, password: 'Nova@4567' });
    expect(signedIn.error).toBeNull();
  });
});
