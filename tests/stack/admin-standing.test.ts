// An administrator's token is worth what the account is worth now, not when it was signed: an admin deleted
// (also softly), banned in Auth, suspended by another admin, or signed out loses admin RPCs and admin reads at
// once, through supabase-js against the local stack; an admin reinstated is one again on the same token.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowOf } from '../support/results.ts';
import { OWNER_PASSWORD, createOwner } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let ownerId: string;

beforeAll(async () => {
  stack = await startTestStack();
  ({ userId: ownerId } = await createOwner(stack, 'dona'));
});
afterAll(async () => {
  await stack.close();
});

interface SignedInAdmin {
  userId: string;
  auth: SupabaseClient;
  /** A client that keeps sending the access token of that sign-in. */
  token: SupabaseClient;
}

/** An admin made with the admin API (app_metadata role admin), signed in with the password, device registered. */
async function signedInAdmin(): Promise<SignedInAdmin> {
  const email = `admin.${randomUUID().slice(0, 8)}@teste.dev`;
  const created = await stack.serviceClient().auth.admin.createUser({
    email,
    password: OWNER_PASSWORD,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw created.error;
  const auth = stack.client();
  const { data, error } = await auth.auth.signInWithPassword({ email, password: OWNER_PASSWORD });
  if (error) throw error;
  const token = stack.client(data.session.access_token);
  rowOf(await token.rpc('register_user_session', { p_device_info: 'Vitest' }));
  return { userId: data.user.id, auth, token };
}

/** What an admin notices: an admin RPC's error code (null when it answered) and whether an owner's profile shows. */
async function adminPowers(admin: SignedInAdmin): Promise<{ rpc: string | null; seesOwner: boolean }> {
  const { error } = await admin.token.rpc('count_users');
  const { data } = await admin.token.from('users').select('id').eq('id', ownerId);
  return { rpc: error?.code ?? null, seesOwner: (data ?? []).length === 1 };
}

const ADMIN = { rpc: null, seesOwner: true };
const NOT_ADMIN = { rpc: '42501', seesOwner: false };

describe('is_admin() reads the caller’s standing, not only the token', () => {
  it('an admin deleted through the admin API loses every admin call at once', async () => {
    const admin = await signedInAdmin();
    expect(await adminPowers(admin)).toEqual(ADMIN);
    expect((await stack.serviceClient().auth.admin.deleteUser(admin.userId)).error).toBeNull();
    expect(await adminPowers(admin)).toEqual(NOT_ADMIN);
  });

  it('an admin softly deleted, or banned in Auth, is no admin while it lasts', async () => {
    const admin = await signedInAdmin();
    await stack.db.query(`UPDATE auth.users SET deleted_at = now() WHERE id = $1`, [admin.userId]);
    expect(await adminPowers(admin)).toEqual(NOT_ADMIN);
    await stack.db.query(`UPDATE auth.users SET deleted_at = NULL WHERE id = $1`, [admin.userId]);
    expect(await adminPowers(admin)).toEqual(ADMIN);

    const banned = await stack.serviceClient().auth.admin.updateUserById(admin.userId, { ban_duration: '24h' });
    expect(banned.error).toBeNull();
    expect(await adminPowers(admin)).toEqual(NOT_ADMIN);
  });

  it('an admin suspended by another admin is refused, and reinstated is an admin again', async () => {
    const suspended = await signedInAdmin();
    const other = await signedInAdmin();
    rowOf(await other.token.rpc('admin_update_user_status', { p_user_id: suspended.userId, p_status: 'suspenso' }));
    expect(await adminPowers(suspended)).toEqual(NOT_ADMIN);
    const back = await suspended.token.rpc('admin_update_user_status', { p_user_id: suspended.userId, p_status: 'ativo' });
    expect(back.error).toMatchObject({ code: '42501' });

    rowOf(await other.token.rpc('admin_update_user_status', { p_user_id: suspended.userId, p_status: 'ativo' }));
    expect(await adminPowers(suspended)).toEqual(ADMIN);
  });

  it('an admin’s signed-out token is no admin any more; the admin’s other sign-in still is', async () => {
    const admin = await signedInAdmin();
    const { data } = await stack.client().auth.signInWithPassword({
      email: (await stack.serviceClient().auth.admin.getUserById(admin.userId)).data.user?.email ?? '',
      password: OWNER_PASSWORD,
    });
    // Not registered: on the free plan, registering a second device would end the first one's session itself.
    const otherSignIn: SignedInAdmin = { ...admin, token: stack.client(data.session?.access_token) };
    expect(await adminPowers(admin)).toEqual(ADMIN);
    expect(await adminPowers(otherSignIn)).toEqual(ADMIN);
    expect((await admin.auth.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await adminPowers(admin)).toEqual(NOT_ADMIN);
    expect(await adminPowers(otherSignIn)).toEqual(ADMIN);
  });
});
