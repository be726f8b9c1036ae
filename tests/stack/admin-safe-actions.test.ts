// An administrator cannot lock himself out: suspending, banning or deleting his own account is refused (through
// the admin RPCs and through REST writes alike) and he stays an admin; another admin's account is still his to
// suspend. 'Tornar Premium' changes the plan only: a suspended owner made premium stays suspended; and the edit
// modal, saved without a status (one it does not offer), keeps the owner's status; an e-mail changed there is the
// owner's sign-in e-mail and the one the users page shows. Suspender and Banir take a reason the owner's refused
// sign-in carries; Banir bans the account in Auth too, and Ativar lifts both. A send to all is confirmed with the
// number of users it reaches, which is the number it writes.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { rowOf } from '../support/results.ts';
import { OWNER_PASSWORD, createOwner } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

/** An admin made with the admin API (app_metadata role admin), signed in with the password, device registered. */
async function signedInAdmin(): Promise<{ userId: string; client: SupabaseClient }> {
  const email = `admin.${randomUUID().slice(0, 8)}@teste.dev`;
  const created = await stack.serviceClient().auth.admin.createUser({
    email,
    password: OWNER_PASSWORD,
    email_confirm: true,
    app_metadata: { role: 'admin' },
  });
  if (created.error) throw created.error;
  const { data, error } = await stack.client().auth.signInWithPassword({ email, password: OWNER_PASSWORD });
  if (error) throw error;
  const client = stack.client(data.session.access_token);
  rowOf(await client.rpc('register_user_session', { p_device_info: 'Vitest' }));
  return { userId: data.user.id, client };
}

async function statusOf(userId: string): Promise<string | undefined> {
  const { rows } = await stack.db.query<{ status_pagamento: string }>('SELECT status_pagamento FROM public.users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.status_pagamento;
}

describe('an admin acting on his own account', () => {
  it('cannot suspend, ban or deactivate himself, nor delete himself, and stays an admin', async () => {
    const admin = await signedInAdmin();
    for (const status of ['suspenso', 'inativo']) {
      const changed = await admin.client.rpc('admin_update_user_status', { p_user_id: admin.userId, p_status: status });
      expect(changed.error?.code).toBe('42501');
      const written = await admin.client.from('users').update({ status_pagamento: status }).eq('id', admin.userId).select('id');
      expect(written.error?.code).toBe('42501');
    }
    expect((await admin.client.rpc('admin_delete_user', { p_user_id: admin.userId })).error?.code).toBe('42501');
    expect((await admin.client.from('users').delete().eq('id', admin.userId).select('id')).error?.code).toBe('42501');

    expect(await statusOf(admin.userId)).toBe('ativo');
    expect((await admin.client.rpc('count_users')).error).toBeNull();
    // His own harmless fields are still his to edit.
    expect(
      (await admin.client.from('users').update({ nome: 'Administrador' }).eq('id', admin.userId).select('id')).error,
    ).toBeNull();
  });

  it('may still suspend another admin', async () => {
    const [admin, other] = [await signedInAdmin(), await signedInAdmin()];
    rowOf(await admin.client.rpc('admin_update_user_status', { p_user_id: other.userId, p_status: 'suspenso' }));
    expect(await statusOf(other.userId)).toBe('suspenso');
  });
});

describe('Tornar Premium', () => {
  it('leaves a suspended owner suspended', async () => {
    const admin = await signedInAdmin();
    const { userId } = await createOwner(stack, 'suspensa');
    rowOf(await admin.client.rpc('admin_update_user_status', { p_user_id: userId, p_status: 'suspenso' }));
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
    rowOf(await admin.client.rpc('admin_update_user_plan', { p_user_id: userId, p_plano: 'premium', p_data_fim_plano: until }));
    const { rows } = await stack.db.query<{ plano: string; status_pagamento: string }>(
      'SELECT plano, status_pagamento FROM public.users WHERE id = $1',
      [userId],
    );
    expect(rows[0]).toEqual({ plano: 'premium', status_pagamento: 'suspenso' });
  });
});

describe('the edit modal saved', () => {
  it('keeps a status it does not offer, such as cancelado_mantem_acesso', async () => {
    const { client } = await signedInAdmin();
    const admin = createAdminDomain({ client: () => client, connectivity: createManualConnectivity(true) }).handlers;
    const { userId, email } = await createOwner(stack, 'cancelada');
    await stack.db.query(`UPDATE public.users SET status_pagamento = 'cancelado_mantem_acesso' WHERE id = $1`, [userId]);
    await admin.editUser({ userId, nome: 'Dona Cancelada', email, telefone: '(21) 97777-6666', plan: 'free' });
    const { rows } = await stack.db.query<{ telefone: string; status_pagamento: string }>(
      'SELECT telefone, status_pagamento FROM public.users WHERE id = $1',
      [userId],
    );
    expect(rows[0]).toEqual({ telefone: '21977776666', status_pagamento: 'cancelado_mantem_acesso' });
  });
});

describe('an e-mail changed in the edit modal', () => {
  it('is the one the owner signs in with, and the one her card shows', async () => {
    const { client } = await signedInAdmin();
    const admin = createAdminDomain({ client: () => client, connectivity: createManualConnectivity(true) }).handlers;
    const { userId, email } = await createOwner(stack, 'mudou');
    const changed = `nova.${randomUUID().slice(0, 8)}@teste.dev`;
    await admin.editUser({ userId, nome: 'Dona Mudou', email: changed, plan: 'free' });

    const signIn = async (address: string) =>
      (await stack.client().auth.signInWithPassword({ email: address, password: OWNER_PASSWORD })).data.user?.id ?? null;
    expect(await signIn(changed)).toBe(userId);
    expect(await signIn(email)).toBeNull();
    expect((await admin.usersPage({ search: changed })).rows.map((row) => row.email)).toEqual([changed]);

    // Another account's address is refused, and nothing changes.
    const other = await createOwner(stack, 'outra');
    await expect(admin.editUser({ userId, email: other.email, plan: 'free' })).rejects.toThrow();
    expect(await signIn(changed)).toBe(userId);
  });
});

describe('Suspender and Banir with a reason', () => {
  it('refuse the owner’s sign-in with the reason; Banir bans in Auth; Ativar lets her in again', async () => {
    const admin = await signedInAdmin();
    const { userId, email } = await createOwner(stack, 'banida');
    const signIn = async () => {
      const { data, error } = await stack.client().auth.signInWithPassword({ email, password: OWNER_PASSWORD });
      return { user: data.user?.id ?? null, code: error?.code ?? null, message: error?.message ?? null };
    };
    const bannedUntil = async () =>
      (
        await stack.db.query<{ banned: boolean }>('SELECT banned_until IS NOT NULL AS banned FROM auth.users WHERE id = $1', [
          userId,
        ])
      ).rows[0]?.banned;

    rowOf(await admin.client.rpc('admin_suspend_user', { p_user_id: userId, p_motivo: 'Pagamento em atraso', p_banir: false }));
    expect(await signIn()).toEqual({ user: null, code: 'user_banned', message: 'Pagamento em atraso' });
    expect(await bannedUntil()).toBe(false);

    rowOf(await admin.client.rpc('admin_suspend_user', { p_user_id: userId, p_motivo: 'Fraude comprovada', p_banir: true }));
    expect(await signIn()).toEqual({ user: null, code: 'user_banned', message: 'Fraude comprovada' });
    expect(await bannedUntil()).toBe(true);

    const blank = await admin.client.rpc('admin_suspend_user', { p_user_id: userId, p_motivo: '  ', p_banir: true });
    expect(blank.error?.code).toBe('22023');
    const self = await admin.client.rpc('admin_suspend_user', { p_user_id: admin.userId, p_motivo: 'Teste', p_banir: true });
    expect(self.error?.code).toBe('42501');

    rowOf(await admin.client.rpc('admin_update_user_status', { p_user_id: userId, p_status: 'ativo' }));
    expect((await signIn()).user).toBe(userId);
    expect(await bannedUntil()).toBe(false);
  });
});

describe('a notification sent to all', () => {
  it('reaches as many users as the confirmation counts', async () => {
    const admin = await signedInAdmin();
    await createOwner(stack, 'aviso');
    const counted = rowOf<number>(await admin.client.rpc('admin_count_notification_recipients'));
    expect(counted).toBeGreaterThan(0);
    const sent = rowOf<number>(
      await admin.client.rpc('admin_send_notification', { p_tipo: 'aviso', p_mensagem: 'Manutenção às 22h', p_user_id: null }),
    );
    expect(sent).toBe(counted);
  });
});
