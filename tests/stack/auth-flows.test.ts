// Auth with the official supabase-js, unchanged: sign-up with metadata and confirmation through the mail
// outbox, password sign-in, user updates, refresh rotation and reuse detection, sign-out, password recovery,
// and the admin API the admin area uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface MailJson {
  id: string;
  to: string;
  subject: string;
  kind: string;
  text: string;
  links: string[];
}

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack.close();
});

async function latestMail(to: string): Promise<MailJson> {
  const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailJson;
}

/** Follows an emailed link the way a browser would, without following the final redirect. */
async function followLink(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

function anon(): SupabaseClient {
  return stack.client();
}

const PASSWORD = 'Senha@Forte1';

describe('sign-up, confirmation and session lifecycle', () => {
  const email = `dona.maria.${Date.now()}@teste.dev`;

  it('signs up with metadata and needs the email confirmed before signing in', async () => {
    const auth = anon().auth;
    const { data, error } = await auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { nome: 'Maria Souza', nome_mercado: 'Mercadinho da Maria', telefone: '11987654321' }, emailRedirectTo: `${stack.config.siteUrl}/login?verified=1` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ nome: 'Maria Souza', nome_mercado: 'Mercadinho da Maria', telefone: '11987654321' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const refused = await auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.code).toBe('email_not_confirmed');
    expect(refused.error?.status).toBe(400);
    expect(refused.data.session).toBeNull();
  });

  it('sends a Portuguese confirmation email whose link confirms and signs in through the fragment', async () => {
    const mail = await latestMail(email);
    expect(mail.kind).toBe('signup');
    expect(mail.subject).toBe('Confirme seu cadastro no Caderneta');
    expect(mail.text).toContain('Olá, Maria!');
    expect(mail.text).toContain('Mercadinho da Maria');
    const link = mail.links[0] ?? '';
    expect(link).toMatch(new RegExp(`^${stack.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=signup&redirect_to=`));

    const followed = await followLink(link);
    expect(followed.status).toBe(303);
    expect(followed.location.origin + followed.location.pathname).toBe(`${stack.config.siteUrl}/login`);
    expect(followed.location.searchParams.get('verified')).toBe('1');
    expect(followed.fragment.get('type')).toBe('signup');
    expect(followed.fragment.get('token_type')).toBe('bearer');
    const accessToken = followed.fragment.get('access_token') ?? '';
    const { data, error } = await anon().auth.getUser(accessToken);
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();

    const again = await followLink(link);
    expect(again.fragment.get('error_code')).toBe('otp_expired');
    expect(again.fragment.get('access_token')).toBeNull();
  });

  it('signs in, reads and updates the user, and rotates refresh tokens', async () => {
    const auth = anon().auth;
    const signedIn = await auth.signInWithPassword({ email, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const first = signedIn.data.session;
    if (!first) throw new Error('sem sessão');
    expect(first.token_type).toBe('bearer');
    expect(first.expires_in).toBe(stack.config.jwtExpirySeconds);

    const claims = JSON.parse(Buffer.from(first.access_token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: first.user.id, role: 'authenticated', aud: 'authenticated', email, aal: 'aal1', is_anonymous: false });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'password' })]);
    expect((claims.user_metadata as Record<string, unknown>).nome_mercado).toBe('Mercadinho da Maria');

    const got = await auth.getUser();
    expect(got.data.user?.id).toBe(first.user.id);

    const updated = await auth.updateUser({ data: { nome_mercado: 'Mercadinho Souza', telefone: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.nome_mercado).toBe('Mercadinho Souza');
    expect(updated.data.user?.user_metadata).not.toHaveProperty('telefone');
    expect(updated.data.user?.user_metadata.nome).toBe('Maria Souza');

    const same = await auth.updateUser({ password: PASSWORD });
    expect(same.error?.code).toBe('same_password');

    const r1 = await auth.refreshSession();
    expect(r1.error).toBeNull();
    const second = r1.data.session;
    if (!second) throw new Error('sem sessão renovada');
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.user_metadata.nome_mercado).toBe('Mercadinho Souza');
    const r2 = await auth.refreshSession();
    const third = r2.data.session;
    if (!third) throw new Error('sem terceira sessão');

    // Reusing a token two generations old revokes the whole family, the current token included.
    const reuse = await anon().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const afterFamily = await anon().auth.refreshSession({ refresh_token: third.refresh_token });
    expect(afterFamily.error?.code).toBe('refresh_token_already_used');
  });

  it('returns the current token when the previous one is reused within the reuse interval', async () => {
    const { data } = await anon().auth.signInWithPassword({ email, password: PASSWORD });
    const start = data.session?.refresh_token ?? '';
    const rotated = await anon().auth.refreshSession({ refresh_token: start });
    const raced = await anon().auth.refreshSession({ refresh_token: start });
    expect(raced.error).toBeNull();
    expect(raced.data.session?.refresh_token).toBe(rotated.data.session?.refresh_token);
  });

  it('signs out: the access token and the refresh token stop working', async () => {
    const client = anon();
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const session = data.session;
    if (!session) throw new Error('sem sessão');
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    const user = await anon().auth.getUser(session.access_token);
    // GoTrue's session_not_found, which auth-js turns into AuthSessionMissingError.
    expect(user.error?.name).toBe('AuthSessionMissingError');
    const refreshed = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
  });

  it('recovers a forgotten password through the recovery email', async () => {
    const auth = anon().auth;
    const sent = await auth.resetPasswordForEmail(email, { redirectTo: `${stack.config.siteUrl}/reset-password` });
    expect(sent.error).toBeNull();
    const mail = await latestMail(email);
    expect(mail.kind).toBe('recovery');
    expect(mail.subject).toBe('Redefina sua senha do Caderneta');

    const followed = await followLink(mail.links[0] ?? '');
    expect(followed.location.pathname).toBe('/reset-password');
    expect(followed.fragment.get('type')).toBe('recovery');
    const recovered = anon();
    const set = await recovered.auth.setSession({
      access_token: followed.fragment.get('access_token') ?? '',
      refresh_token: followed.fragment.get('refresh_token') ?? '',
    });
    expect(set.error).toBeNull();
    const changed = await recovered.auth.updateUser({ password: 'NovaSenha#2' });
    expect(changed.error).toBeNull();

    const old = await anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await anon().auth.signInWithPassword({ email, password: 'NovaSenha#2' });
    expect(fresh.error).toBeNull();
    expect(fresh.data.session?.user.email).toBe(email);
  });

  it('does not reveal registered emails: unknown recoveries succeed and re-registering a confirmed email sends nothing', async () => {
    const unknown = await anon().auth.resetPasswordForEmail(`ninguem.${Date.now()}@teste.dev`);
    expect(unknown.error).toBeNull();
    const before = await latestMail(email);
    const again = await anon().auth.signUp({ email, password: 'OutraSenha1!' });
    expect(again.error).toBeNull();
    expect(again.data.user?.id).not.toBe(before.id);
    expect(again.data.user?.identities).toEqual([]);
    expect((await latestMail(email)).id).toBe(before.id);
  });

  it('verifies the six-digit code of an email as verifyOtp does, and refuses a wrong one', async () => {
    const other = `codigo.${Date.now()}@teste.dev`;
    await anon().auth.signUp({ email: other, password: PASSWORD });
    const code = /código (\d{6})/.exec((await latestMail(other)).text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await anon().auth.verifyOtp({ email: other, token: code === '000000' ? '111111' : '000000', type: 'signup' });
    expect(wrong.error?.code).toBe('otp_expired');
    const right = await anon().auth.verifyOtp({ email: other, token: code, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email_confirmed_at).toBeTruthy();
  });

  it('refuses weak passwords and bad grants with GoTrue codes', async () => {
    const weak = await anon().auth.signUp({ email: `fraca.${Date.now()}@teste.dev`, password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    const wrong = await anon().auth.signInWithPassword({ email, password: 'errada-123' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
  });
});

describe('redirects', () => {
  it('ignores a redirect_to outside the site and the stack (no open redirect)', async () => {
    const email = `redir.${Date.now()}@teste.dev`;
    await anon().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/roubar' } });
    const link = (await latestMail(email)).links[0] ?? '';
    expect(new URL(link).searchParams.get('redirect_to')).toBe(stack.config.siteUrl);
    const crafted = new URL(link);
    crafted.searchParams.set('redirect_to', 'https://evil.example/roubar');
    const followed = await followLink(crafted.href);
    expect(followed.location.origin).toBe(new URL(stack.config.siteUrl).origin);
  });
});

describe('email change', () => {
  it('changes the email only after the new address confirms it', async () => {
    const email = `troca.${Date.now()}@teste.dev`;
    const next = `nova.${Date.now()}@teste.dev`;
    const admin = stack.serviceClient().auth.admin;
    await admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = anon();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const asked = await client.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(email);
    expect(asked.data.user?.new_email).toBe(next);
    expect((await latestMail(email)).kind).toBe('email_change_notice');
    const mail = await latestMail(next);
    expect(mail.subject).toBe('Confirme seu novo e-mail no Caderneta');
    const followed = await followLink(mail.links[0] ?? '');
    expect(followed.fragment.get('type')).toBe('email_change');
    const user = await anon().auth.getUser(followed.fragment.get('access_token') ?? '');
    expect(user.data.user?.email).toBe(next);
    const signIn = await anon().auth.signInWithPassword({ email: next, password: PASSWORD });
    expect(signIn.error).toBeNull();
  });
});

describe('admin API', () => {
  it('needs the service_role key', async () => {
    const refused = await anon().auth.admin.listUsers();
    expect(refused.error?.code).toBe('not_admin');
    expect(refused.error?.status).toBe(403);
  });

  it('creates, lists with pagination, reads, updates, bans and deletes users', async () => {
    const admin = stack.serviceClient().auth.admin;
    const stamp = Date.now();
    const created = await admin.createUser({
      email: `admin.criado.${stamp}@teste.dev`,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'João', nome_mercado: 'Empório do João' },
      app_metadata: { role: 'admin' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user;
    if (!user) throw new Error('sem usuário');
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], role: 'admin' });
    expect(user.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email: `admin.criado.${stamp}@teste.dev`, password: PASSWORD });
    expect(duplicate.error?.code).toBe('email_exists');

    for (let i = 0; i < 3; i += 1) await admin.createUser({ email: `lista.${stamp}.${i}@teste.dev`, password: PASSWORD });
    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    if (!('total' in page1.data)) throw new Error('sem paginação');
    expect(page1.data.total).toBeGreaterThanOrEqual(4);
    expect(page1.data.nextPage).toBe(2);
    expect(page1.data.lastPage).toBe(Math.ceil(page1.data.total / 2));
    const page2 = await admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users.map((u) => u.id)).not.toContain(page1.data.users[0]?.id);

    const got = await admin.getUserById(user.id);
    expect(got.data.user?.user_metadata.nome_mercado).toBe('Empório do João');

    const updated = await admin.updateUserById(user.id, {
      user_metadata: { nome_mercado: 'Empório Novo' },
      app_metadata: { plano: 'premium' },
      email: `admin.trocado.${stamp}@teste.dev`,
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(`admin.trocado.${stamp}@teste.dev`);
    expect(updated.data.user?.user_metadata).toMatchObject({ nome: 'João', nome_mercado: 'Empório Novo' });
    expect(updated.data.user?.app_metadata).toMatchObject({ role: 'admin', plano: 'premium' });

    const client = anon();
    const signedIn = await client.auth.signInWithPassword({ email: `admin.trocado.${stamp}@teste.dev`, password: PASSWORD });
    expect(signedIn.error).toBeNull();
    const appMetadata = signedIn.data.session?.user.app_metadata;
    expect(appMetadata?.role).toBe('admin');

    const banned = await admin.updateUserById(user.id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    const refused = await anon().auth.signInWithPassword({ email: `admin.trocado.${stamp}@teste.dev`, password: PASSWORD });
    expect(refused.error?.code).toBe('user_banned');
    const stale = await anon().auth.refreshSession({ refresh_token: signedIn.data.session?.refresh_token ?? '' });
    expect(stale.error).not.toBeNull();
    await admin.updateUserById(user.id, { ban_duration: 'none' });
    const back = await anon().auth.signInWithPassword({ email: `admin.trocado.${stamp}@teste.dev`, password: PASSWORD });
    expect(back.error).toBeNull();

    const removed = await admin.deleteUser(user.id);
    expect(removed.error).toBeNull();
    const gone = await admin.getUserById(user.id);
    expect(gone.error?.code).toBe('user_not_found');
    expect(gone.error?.status).toBe(404);
  });
});
