// Auth answers supabase-js as GoTrue does: the auto-confirm setting, phone and anonymous sign-in while their
// providers are off (and anonymous on by setting), reauthentication nonces, the admin's invite and
// generateLink, identity linking switched off, and listUsers refusing a negative page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { loadAuthSettings } from '../../supabase/local/auth/settings.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface MailJson {
  id: string;
  kind: string;
  text: string;
  links: string[];
}

const PASSWORD = 'Senha@Forte1';

let stack: TestStack;
let permissive: TestStack;
let serial = 0;

beforeAll(async () => {
  stack = await startTestStack();
  permissive = await startTestStack({ db: stack.db, auth: { mailerAutoconfirm: true, anonymousSignIns: true } });
});

afterAll(async () => {
  await permissive.close();
  await stack.close();
});

function newEmail(label: string): string {
  serial += 1;
  return `${label}.${serial}.${process.pid}@teste.dev`;
}

async function latestMail(to: string): Promise<MailJson | null> {
  const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(to)}`);
  return response.status === 404 ? null : ((await response.json()) as MailJson);
}

function codeOf(mail: MailJson | null): string {
  return /código (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

async function signedIn(email: string): Promise<SupabaseClient> {
  const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const client = stack.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

describe('auto-confirm', () => {
  it('is off by default: sign-up waits for the emailed confirmation', async () => {
    expect(loadAuthSettings({}).mailerAutoconfirm).toBe(false);
    const { data, error } = await stack.client().auth.signUp({ email: newEmail('confirma'), password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
  });

  it('on (GOTRUE_MAILER_AUTOCONFIRM=true): sign-up answers a session at once; the address is then taken', async () => {
    expect(loadAuthSettings({ GOTRUE_MAILER_AUTOCONFIRM: 'true' }).mailerAutoconfirm).toBe(true);
    const email = newEmail('automatico');
    const { data, error } = await permissive.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await permissive.client().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });
});

describe('phone sign-in while the phone provider is off', () => {
  it('answers phone_provider_disabled, as GoTrue, instead of not found', async () => {
    const auth = stack.client().auth;
    const otp = await auth.signInWithOtp({ phone: '+5511912345678' });
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled', message: 'Unsupported phone provider' });
    const password = await auth.signInWithPassword({ phone: '+5511912345678', password: PASSWORD });
    expect(password.error).toMatchObject({ status: 422, code: 'phone_provider_disabled', message: 'Phone logins are disabled' });
    const signUp = await auth.signUp({ phone: '+5511912345678', password: PASSWORD });
    expect(signUp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled', message: 'Phone signups are disabled' });
  });
});

describe('anonymous sign-in', () => {
  it('is refused by default with GoTrue error', async () => {
    const { data, error } = await stack.client().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
  });

  it('signs in an anonymous user when enabled', async () => {
    const { data, error } = await permissive.client().auth.signInAnonymously({ options: { data: { origem: 'teste' } } });
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.user_metadata).toEqual({ origem: 'teste' });
    const claims = JSON.parse(Buffer.from(data.session?.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', amr: [{ method: 'anonymous' }] });
  });
});

describe('reauthentication', () => {
  it('mails a nonce that a password change carries once', async () => {
    const email = newEmail('reautentica');
    const client = await signedIn(email);
    const asked = await client.auth.reauthenticate();
    expect(asked.error).toBeNull();
    const mail = await latestMail(email);
    expect(mail?.kind).toBe('reauthentication');
    const nonce = codeOf(mail);
    expect(nonce).toMatch(/^\d{6}$/);

    const wrong = await client.auth.updateUser({ password: 'Senha@Nova22', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
      message: 'Nonce has expired or is invalid',
    });
    const changed = await client.auth.updateUser({ password: 'Senha@Nova22', nonce });
    expect(changed.error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'Senha@Nova33', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    const again = await stack.client().auth.signInWithPassword({ email, password: 'Senha@Nova22' });
    expect(again.error).toBeNull();
  });
});

describe('admin links and invitations', () => {
  it('generateLink answers the link and its code without mailing; the code signs in', async () => {
    const email = newEmail('link');
    await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const before = await latestMail(email);
    const { data, error } = await stack.serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(data.properties?.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect((await latestMail(email))?.id).toBe(before?.id);

    const verified = await stack.client().auth.verifyOtp({ email, token: data.properties?.email_otp ?? '', type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it('generateLink for recovery of an unknown address is refused as GoTrue does', async () => {
    const { error } = await stack.serviceClient().auth.admin.generateLink({ type: 'recovery', email: newEmail('ninguem') });
    expect(error).toMatchObject({ status: 404, code: 'user_not_found' });
  });

  it('inviteUserByEmail creates the user and mails an invitation whose link signs in', async () => {
    const email = newEmail('convidado');
    const { data, error } = await stack.serviceClient().auth.admin.inviteUserByEmail(email, { data: { nome: 'Convidada' } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeTruthy();
    const mail = await latestMail(email);
    expect(mail?.kind).toBe('invite');
    const opened = await fetch(mail?.links[0] ?? '', { redirect: 'manual' });
    expect(new URL(opened.headers.get('location') ?? 'about:blank').hash).toContain('access_token=');
  });

  it('listUsers refuses page -1', async () => {
    const { data, error } = await stack.serviceClient().auth.admin.listUsers({ page: -1, perPage: 10 });
    expect(data.users).toEqual([]);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error?.message).toContain('Bad Pagination Parameters');
  });
});

describe('identity linking', () => {
  it('answers manual_linking_disabled', async () => {
    const client = await signedIn(newEmail('vinculo'));
    const identities = await client.auth.getUserIdentities();
    const identity = identities.data?.identities[0];
    expect(identity).toBeDefined();
    if (!identity) return;
    const unlinked = await client.auth.unlinkIdentity(identity);
    expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
  });
});
