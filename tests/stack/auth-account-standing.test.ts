// Suspended, banned and deleted accounts stay out: an owner an admin suspended (public.users.status_pagamento
// 'suspenso') or banned (auth.users.banned_until ahead) cannot sign in by password or emailed code, nor renew a
// session, and gets GoTrue's user_banned; a deleted user's refresh token is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

interface MailJson {
  text: string;
  links: string[];
}

const PASSWORD = 'Senha@Forte1';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack.close();
});

let serial = 0;

/** A confirmed owner (with the profile sign-up creates), signed in once: their id and refresh token. */
async function signedInOwner(): Promise<{ id: string; email: string; refreshToken: string }> {
  const email = `situacao.${Date.now()}.${(serial += 1)}@teste.dev`;
  const created = await stack.serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { nome: 'Dona Rosa', nome_mercado: 'Mercearia da Rosa' },
  });
  if (created.error) throw created.error;
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password: PASSWORD });
  if (error) throw error;
  return { id: created.data.user.id, email, refreshToken: data.session.refresh_token };
}

async function latestMail(to: string): Promise<MailJson> {
  const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(to)}`);
  return (await response.json()) as MailJson;
}

/** What signing in by emailed code and by emailed link gives: the codes of the errors, or 'ok'. */
async function emailedSignIn(email: string): Promise<{ code: string; link: string }> {
  const sent = await stack.client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
  expect(sent.error).toBeNull();
  const mail = await latestMail(email);
  const token = /código (\d{6})/.exec(mail.text)?.[1] ?? '';
  const byCode = await stack.client().auth.verifyOtp({ email, token, type: 'email' });
  const response = await fetch(mail.links[0] ?? '', { redirect: 'manual' });
  const fragment = new URLSearchParams(new URL(response.headers.get('location') ?? 'about:blank').hash.slice(1));
  return {
    code: byCode.error ? `${byCode.error.status} ${byCode.error.code}` : 'ok',
    link: fragment.get('error_code') ?? (fragment.get('access_token') ? 'ok' : 'nada'),
  };
}

async function setStatus(id: string, status: 'ativo' | 'suspenso'): Promise<void> {
  await stack.db.query(`UPDATE public.users SET status_pagamento = $2 WHERE id = $1::uuid`, [id, status]);
}

describe('a suspended owner', () => {
  it('cannot sign in by password or emailed code, nor refresh; reactivated, signs in again', async () => {
    const owner = await signedInOwner();
    await setStatus(owner.id, 'suspenso');

    const password = await stack.client().auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(password.error?.status).toBe(400);
    expect(password.error?.code).toBe('user_banned');
    expect(password.data.session).toBeNull();

    const refresh = await stack.client().auth.refreshSession({ refresh_token: owner.refreshToken });
    expect(refresh.error?.code).toBe('user_banned');
    expect(refresh.data.session).toBeNull();

    expect(await emailedSignIn(owner.email)).toEqual({ code: '403 user_banned', link: 'user_banned' });

    // A stranger with a wrong password learns nothing about the account's standing.
    const stranger = await stack.client().auth.signInWithPassword({ email: owner.email, password: 'errada-123' });
    expect(stranger.error?.code).toBe('invalid_credentials');

    await setStatus(owner.id, 'ativo');
    expect((await stack.client().auth.signInWithPassword({ email: owner.email, password: PASSWORD })).error).toBeNull();
    expect((await stack.client().auth.refreshSession({ refresh_token: owner.refreshToken })).error).toBeNull();
  });
});

describe('a banned user', () => {
  it('cannot sign in by password or emailed code, nor refresh a session started before the ban', async () => {
    const owner = await signedInOwner();
    await stack.db.query(`UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE id = $1::uuid`, [owner.id]);

    const password = await stack.client().auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(password.error?.status).toBe(400);
    expect(password.error?.code).toBe('user_banned');
    const refresh = await stack.client().auth.refreshSession({ refresh_token: owner.refreshToken });
    expect(refresh.error?.code).toBe('user_banned');
    expect(await emailedSignIn(owner.email)).toEqual({ code: '403 user_banned', link: 'user_banned' });
  });
});

describe('a deleted user', () => {
  it('cannot refresh a session started before the deletion, hard or soft', async () => {
    const admin = stack.serviceClient().auth.admin;
    const hard = await signedInOwner();
    const soft = await signedInOwner();
    expect((await admin.deleteUser(hard.id)).error).toBeNull();
    expect((await admin.deleteUser(soft.id, true)).error).toBeNull();
    for (const gone of [hard, soft]) {
      const refresh = await stack.client().auth.refreshSession({ refresh_token: gone.refreshToken });
      expect(refresh.error?.code).toBe('refresh_token_not_found');
      expect(refresh.data.session).toBeNull();
    }
  });
});
