// The app's account domain against the real local stack: the six-digit code of the sign-up email confirms the
// address and signs the owner in; the code of the recovery email opens the session that sets a new password.
// Wrong, spent and expired codes are refused as otp_expired, and a malformed one never leaves the device.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createAccountDomain, type AccountDomain } from '../../workers/account/domain.ts';
import { createMemoryStore } from '../../workers/account/kv-store.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const PASSWORD = 'Senha@Forte1';
const HOUR = 3_600_000;

let stack: TestStack;
/** The Auth clock: codes expire on it, so a test moves it instead of waiting an hour. */
const clock = { now: Date.now() };

beforeAll(async () => {
  stack = await startTestStack({ auth: { now: () => clock.now } });
});
afterAll(async () => {
  await stack.close();
});

const opened: AccountDomain[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((domain) => domain.dispose()));
});

/** One device of the app, online. */
function device() {
  const connectivity = createManualConnectivity(true);
  const domain = createAccountDomain({
    backend: { url: stack.url, anonKey: stack.anonKey },
    storage: createMemoryStore(),
    connectivity,
    siteOrigin: stack.config.siteUrl,
    realtimeTransport: WebSocket,
    deviceInfo: 'Vitest',
    deviceCheckMs: HOUR,
  });
  opened.push(domain);
  return { domain, connectivity };
}

let serial = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${(serial += 1)}@teste.dev`;

/** The code of the newest email of `kind` sent to `to`, as the owner reads it in the message. */
async function emailedCode(to: string, kind: 'signup' | 'recovery'): Promise<string> {
  const response = await fetch(`${stack.url}/mail/v1/messages?to=${encodeURIComponent(to)}&kind=${kind}&limit=1`);
  const body = (await response.json()) as { messages: { text: string }[] };
  const code = /digite o código (\d{6}) no aplicativo/.exec(body.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no ${kind} code emailed to ${to}`);
  return code;
}

/** A six-digit code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function failureOf(promise: Promise<unknown>): Promise<DataError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DataError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

async function signUp(domain: AccountDomain, email: string): Promise<void> {
  const result = await domain.handlers.signUp({
    nome: 'Maria Souza',
    email,
    password: PASSWORD,
    nomeMercado: 'Mercadinho da Maria',
    telefone: '11987654321',
  });
  expect(result).toEqual({ confirmationRequired: true });
}

describe('the sign-up code', () => {
  it('a wrong code is refused; the right one signs the owner in with the profile; used again it is refused', async () => {
    const email = uniqueEmail('codigo.cadastro');
    const phone = device();
    await signUp(phone.domain, email);
    const code = await emailedCode(email, 'signup');

    expect((await failureOf(phone.domain.handlers.confirmSignupCode({ email, code: otherCode(code) }))).code).toBe('otp_expired');
    expect((await phone.domain.handlers.current()).status).toBe('signed_out');

    const state = await phone.domain.handlers.confirmSignupCode({
      email: ` ${email.toUpperCase()} `,
      code: ` ${code.slice(0, 3)} ${code.slice(3)} `,
    });
    expect(state).toMatchObject({ status: 'signed_in', user: { email }, profile: { nome_mercado: 'Mercadinho da Maria' } });
    await expect(phone.domain.handlers.pendingEmail()).resolves.toBeNull();

    const other = device();
    expect((await failureOf(other.domain.handlers.confirmSignupCode({ email, code }))).code).toBe('otp_expired');
    expect((await other.domain.handlers.current()).status).toBe('signed_out');
    // The owner's password works from now on.
    expect((await other.domain.handlers.signIn({ email, password: PASSWORD })).status).toBe('signed_in');
  });

  it('a code older than an hour is refused; the resent one works', async () => {
    const email = uniqueEmail('codigo.expirado');
    const { domain } = device();
    await signUp(domain, email);
    const stale = await emailedCode(email, 'signup');
    clock.now += HOUR + 60_000;
    expect((await failureOf(domain.handlers.confirmSignupCode({ email, code: stale }))).code).toBe('otp_expired');

    await domain.handlers.resendConfirmation(email);
    const fresh = await emailedCode(email, 'signup');
    expect((await domain.handlers.confirmSignupCode({ email, code: fresh })).status).toBe('signed_in');
  });

  it('on another device, the confirmation resent from the login names the address whose code /verify-email takes', async () => {
    const email = uniqueEmail('codigo.outro.aparelho');
    const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD });
    expect(created.error).toBeNull();
    const { domain } = device();
    await expect(domain.handlers.pendingEmail()).resolves.toBeNull();
    expect((await failureOf(domain.handlers.signIn({ email, password: PASSWORD }))).code).toBe('email_not_confirmed');

    await domain.handlers.resendConfirmation(email);
    await expect(domain.handlers.pendingEmail()).resolves.toBe(email);
    const code = await emailedCode(email, 'signup');
    expect((await domain.handlers.confirmSignupCode({ email, code })).status).toBe('signed_in');
  });

  it('refuses a code that is not six digits, offline too, before asking the server', async () => {
    const { domain, connectivity } = device();
    const email = uniqueEmail('codigo.formato');
    const short = await failureOf(domain.handlers.confirmSignupCode({ email, code: '12345' }));
    expect(short.code).toBe('invalid_input');
    expect(short.issues).toEqual([{ field: 'code', code: 'invalid_format' }]);
    expect((await failureOf(domain.handlers.confirmSignupCode({ email, code: '' }))).issues).toEqual([
      { field: 'code', code: 'required' },
    ]);
    connectivity.set(false);
    expect((await failureOf(domain.handlers.acceptRecoveryCode({ email, code: '12a456' }))).issues).toEqual([
      { field: 'code', code: 'invalid_format' },
    ]);
    expect((await failureOf(domain.handlers.confirmSignupCode({ email, code: '123456' }))).code).toBe('offline');
  });
});

describe('the recovery code', () => {
  it('opens the recovery session; the new password is saved and signs in; the code cannot be used twice', async () => {
    const email = uniqueEmail('codigo.senha');
    const { error } = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(error).toBeNull();
    const phone = device();
    await phone.domain.handlers.requestPasswordReset(email);
    const code = await emailedCode(email, 'recovery');

    expect((await failureOf(phone.domain.handlers.acceptRecoveryCode({ email, code: otherCode(code) }))).code).toBe(
      'otp_expired',
    );
    await expect(phone.domain.handlers.acceptRecoveryCode({ email, code })).resolves.toEqual({ email });
    // /reset-password, reached without a link, finds the session the code opened.
    await expect(phone.domain.handlers.acceptRecoveryLink({ hash: '', search: '' })).resolves.toEqual({ email });
    await phone.domain.handlers.completePasswordReset('Nova@4567');
    expect((await phone.domain.handlers.current()).status).toBe('signed_out');

    const other = device();
    expect((await failureOf(other.domain.handlers.acceptRecoveryCode({ email, code }))).code).toBe('otp_expired');
    expect((await failureOf(other.domain.handlers.signIn({ email, password: PASSWORD }))).code).toBe('invalid_credentials');
    expect((await other.domain.handlers.signIn({ email, password: 'Nova@4567' })).status).toBe('signed_in');
  });
});
