// The admin domain against the local stack: the users page paged and filtered on the server (admin_users_page:
// search, plan, status, email confirmed, inactivity, plan-start sort, pages of 10 with the total), the dashboard
// figures, the user actions (plan, status, ban, edit, delete, resend confirmation) with the server's admin_logs
// entries, refusal for a non-admin (RPC and domain) and 'offline' without a connection.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminDomain } from '../../workers/admin/handlers.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { adminClientOf, failure } from '../support/admin.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let adminClient: SupabaseClient;
let ownerClient: SupabaseClient;
let adminId: string;
let admin: ReturnType<typeof createAdminDomain>['handlers'];
const connectivity = createManualConnectivity(true);
const NOW = Date.parse('2026-11-24T12:00:00Z');
/** 23 owners: names Loja 00..22; every third premium, every fourth suspended, every fifth unconfirmed. */
const OWNERS = 23;
const ids: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  for (let index = 0; index < OWNERS; index += 1) {
    const name = `Loja ${String(index).padStart(2, '0')}`;
    const id = await createUser(stack.db, { nome: `Dona ${name}`, nome_mercado: name, telefone: '11988887777' });
    ids.push(id);
    await stack.db.query(
      `UPDATE auth.users SET email_confirmed_at = CASE WHEN $2 % 5 = 0 THEN NULL ELSE email_confirmed_at END,
              last_sign_in_at = CASE WHEN $2 % 2 = 0 THEN NULL ELSE now() - make_interval(days => $2 * 10) END
        WHERE id = $1`,
      [id, index],
    );
    await stack.db.query(
      `UPDATE public.users SET plano = CASE WHEN $2 % 3 = 0 THEN 'premium' ELSE 'free' END,
              status_pagamento = CASE WHEN $2 % 4 = 0 THEN 'suspenso' ELSE 'ativo' END,
              data_inicio_plano = now() - make_interval(days => $2)
        WHERE id = $1`,
      [id, index],
    );
  }
  adminId = randomUUID();
  adminClient = await adminClientOf(stack, adminId);
  await stack.db.query(
    `UPDATE public.users SET nome = 'Administração', data_inicio_plano = now() - interval '1000 days' WHERE id = $1`,
    [adminId],
  );
  ownerClient = stack.client(await stack.mintUserToken(ids[1] ?? ''));
  admin = createAdminDomain({ client: () => adminClient, connectivity, now: () => NOW }).handlers;
});
afterAll(async () => {
  await stack.close();
});

describe('admin users page', () => {
  it('pages of 10 with the total, newest plan start first, or oldest first', async () => {
    const first = await admin.usersPage({});
    expect(first).toMatchObject({ total: OWNERS + 1, page: 1, pages: 3 });
    expect(first.rows).toHaveLength(10);
    expect(first.rows.map((row) => row.nomeMercado)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Loja ${String(index).padStart(2, '0')}`),
    );
    const last = await admin.usersPage({ page: 3 });
    expect(last.rows.map((row) => row.nome)).toEqual(['Dona Loja 20', 'Dona Loja 21', 'Dona Loja 22', 'Administração']);
    const oldest = await admin.usersPage({ sort: 'plan_asc' });
    expect(oldest.rows.slice(0, 3).map((row) => row.nome)).toEqual(['Administração', 'Dona Loja 22', 'Dona Loja 21']);
    // Past the end: the last page with rows.
    expect(await admin.usersPage({ page: 9 })).toMatchObject({ page: 3, pages: 3, total: OWNERS + 1 });
  });

  it('pages of 20, 50 or 100 when asked: the rows, the page count and a jump past the end', async () => {
    const twenty = await admin.usersPage({ pageSize: 20 });
    expect(twenty).toMatchObject({ total: OWNERS + 1, page: 1, pages: 2 });
    expect(twenty.rows).toHaveLength(20);
    const second = await admin.usersPage({ pageSize: 20, page: 2 });
    expect(second.rows.map((row) => row.nome)).toEqual(['Dona Loja 20', 'Dona Loja 21', 'Dona Loja 22', 'Administração']);
    const fifty = await admin.usersPage({ pageSize: 50 });
    expect(fifty).toMatchObject({ page: 1, pages: 1 });
    expect(fifty.rows).toHaveLength(OWNERS + 1);
    expect(await admin.usersPage({ pageSize: 100, page: 7 })).toMatchObject({ page: 1, pages: 1 });
    expect((await failure(admin.usersPage({ pageSize: 30 as 20 }))).issues[0]).toMatchObject({ field: 'pageSize' });
  });

  it('filters by search (name, email, market, literal % and _), plan, status, confirmation and inactivity', async () => {
    expect((await admin.usersPage({ search: 'loja 1' })).total).toBe(10);
    expect((await admin.usersPage({ search: '  LOJA 07 ' })).rows.map((row) => row.nome)).toEqual(['Dona Loja 07']);
    const email = (await admin.usersPage({ search: 'Loja 05' })).rows[0]?.email ?? '';
    expect((await admin.usersPage({ search: email.slice(0, 8) })).rows.map((row) => row.nome)).toEqual(['Dona Loja 05']);
    expect((await admin.usersPage({ search: '%' })).total).toBe(0);
    expect((await admin.usersPage({ search: 'Loja _1' })).total).toBe(0);

    const premium = await admin.usersPage({ plan: 'premium' });
    expect(premium.total).toBe(8);
    expect(premium.rows.every((row) => row.plan === 'premium')).toBe(true);
    expect((await admin.usersPage({ plan: 'free' })).total).toBe(OWNERS + 1 - 8);
    expect((await admin.usersPage({ status: 'suspenso' })).total).toBe(6);
    expect((await admin.usersPage({ status: 'inativo' })).total).toBe(0);
    const pending = await admin.usersPage({ confirmed: false });
    expect(pending.rows.map((row) => row.nome)).toEqual(
      [0, 5, 10, 15, 20].map((index) => `Dona Loja ${String(index).padStart(2, '0')}`),
    );
    expect(pending.rows.every((row) => !row.emailConfirmed)).toBe(true);
    expect((await admin.usersPage({ confirmed: true })).total).toBe(OWNERS + 1 - 5);
    // Odd owners signed in index × 10 days ago (the 30 days ago one is older than 30 days by now); the even ones
    // (and the admin) never did, which is not inactivity (docs/product.md §9).
    expect((await admin.usersPage({ inactiveDays: 30 })).total).toBe([3, 5, 7, 9, 11, 13, 15, 17, 19, 21].length);
    expect((await admin.usersPage({ inactiveDays: 180 })).total).toBe([19, 21].length);
    const combined = await admin.usersPage({ plan: 'premium', status: 'suspenso', search: 'loja' });
    expect(combined.rows.map((row) => row.nome)).toEqual(['Dona Loja 00', 'Dona Loja 12']);
  });

  it('refuses a bad filter before asking the server', async () => {
    const refused = await failure(admin.usersPage({ page: 0 }));
    expect(refused.code).toBe('invalid_input');
    expect(refused.issues).toEqual([{ field: 'page', code: 'too_small', limit: 1 }]);
    expect((await failure(admin.usersPage({ inactiveDays: 45 as 30 }))).issues[0]).toMatchObject({ field: 'inactiveDays' });
  });

  it('refuses a non-admin: the RPC with 42501, the domain with forbidden', async () => {
    const refused = await ownerClient.rpc('admin_users_page', {});
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    expect((await stack.client().rpc('admin_users_page', {})).status).toBe(401);
    const owner = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
    expect((await failure(owner.usersPage({}))).code).toBe('forbidden');
    expect((await failure(owner.dashboard())).code).toBe('forbidden');
    expect((await failure(owner.setPlan({ userId: ids[2] ?? '', plan: 'premium' }))).code).toBe('forbidden');
  });

  it('refuses offline with DataError offline, and works again online', async () => {
    connectivity.set(false);
    expect((await failure(admin.usersPage({}))).code).toBe('offline');
    expect((await failure(admin.dashboard())).code).toBe('offline');
    expect((await failure(admin.setStatus({ userId: ids[2] ?? '', status: 'inativo' }))).code).toBe('offline');
    connectivity.set(true);
    expect((await admin.usersPage({})).total).toBe(OWNERS + 1);
  });
});

describe('admin dashboard and user actions', () => {
  it('dashboard: counters, MRR, ARR, conversion with one decimal, the last 5 log entries', async () => {
    for (let index = 0; index < 6; index += 1) {
      await adminClient.rpc('log_admin_action', { p_action: `ação ${index}`, p_target_type: 'user' });
    }
    const figures = await admin.dashboard();
    expect(figures).toMatchObject({
      totalUsers: OWNERS + 1,
      freeUsers: OWNERS + 1 - figures.premiumUsers,
      products: 0,
      newThisWeek: OWNERS + 1,
    });
    // count_premium_users counts the plan in force: premium with no end date, or one still ahead.
    expect(figures.premiumUsers).toBe(8);
    // None of them paid (their premium was set, not bought): no revenue (admin-figures.test.ts has payments).
    expect(figures.mrr).toBe(0);
    expect(figures.arr).toBe(0);
    expect(figures.conversion).toBe(33.3);
    expect(figures.recentActivity).toHaveLength(5);
  });

  it('premium toggle grants 30 days; free clears the end; status, ban and edit are saved; a missing user is not_found', async () => {
    const id = ids[1] ?? '';
    await admin.setPlan({ userId: id, plan: 'premium' });
    let row = (await admin.usersPage({ search: 'Loja 01' })).rows[0];
    expect(row).toMatchObject({ plan: 'premium', status: 'ativo' });
    expect(Date.parse(row?.planEnd ?? '')).toBe(NOW + 30 * 86_400_000);
    await admin.setPlan({ userId: id, plan: 'free' });
    expect((await admin.usersPage({ search: 'Loja 01' })).rows[0]).toMatchObject({ plan: 'free', planEnd: null });

    await admin.ban({ userId: id, reason: 'Pagamentos contestados' });
    expect((await admin.usersPage({ search: 'Loja 01' })).rows[0]?.status).toBe('suspenso');
    await admin.setStatus({ userId: id, status: 'ativo' });
    expect((await admin.usersPage({ search: 'Loja 01' })).rows[0]?.status).toBe('ativo');

    await admin.editUser({
      userId: id,
      nome: 'Dona Editada',
      email: 'editada@teste.dev',
      telefone: '(21) 97777-6666',
      nomeMercado: 'Loja 01 Nova',
      plan: 'premium',
      status: 'inativo',
      planEnd: '2030-01-31',
    });
    row = (await admin.usersPage({ search: 'Loja 01 Nova' })).rows[0];
    expect(row).toMatchObject({ nome: 'Dona Editada', telefone: '21977776666', plan: 'premium', status: 'inativo' });
    // The end of 31/01/2030 in São Paulo.
    expect(new Date(row?.planEnd ?? '').toISOString()).toBe('2030-02-01T02:59:59.999Z');

    expect((await failure(admin.setStatus({ userId: randomUUID(), status: 'ativo' }))).code).toBe('not_found');
    const missingEdit = admin.editUser({ userId: randomUUID(), email: 'x@teste.dev', plan: 'free', status: 'ativo' });
    expect((await failure(missingEdit)).code).toBe('not_found');
    const invalid = await failure(admin.editUser({ userId: id, email: 'não', plan: 'free', status: 'ativo', planEnd: '31/01' }));
    expect(invalid.issues.map((issue) => issue.field).sort()).toEqual(['email', 'planEnd']);
  });

  it('the server logs each admin change of a user (plan, status, edit), with what changed; an owner editing herself is not logged', async () => {
    const { data, error } = await adminClient
      .from('admin_logs')
      .select('action, target_type, target_id, details, admin_id')
      .eq('target_id', ids[1] ?? '')
      .order('created_at', { ascending: true });
    expect(error).toBeNull();
    const logs = (data ?? []) as {
      action: string;
      target_type: string;
      details: Record<string, { de: unknown; para: unknown }>;
    }[];
    expect(logs.map((row) => row.action)).toEqual([
      'update_user_plan',
      'update_user_plan',
      'update_user_status',
      'update_user_status',
      'update_user',
    ]);
    expect(logs.every((row) => row.target_type === 'user')).toBe(true);
    expect(logs[0]?.details.plano).toEqual({ de: 'free', para: 'premium' });
    expect(logs[2]?.details).toEqual({
      status_pagamento: { de: 'ativo', para: 'suspenso' },
      motivo_suspensao: { de: null, para: 'Pagamentos contestados' },
    });
    expect(logs[4]?.details.nome).toEqual({ de: 'Dona Loja 01', para: 'Dona Editada' });

    const before = (await adminClient.from('admin_logs').select('id')).data?.length ?? 0;
    const self = await ownerClient
      .from('users')
      .update({ nome: 'Dona Ela Mesma' })
      .eq('id', ids[1] ?? '');
    expect(self.error).toBeNull();
    expect((await adminClient.from('admin_logs').select('id')).data?.length ?? 0).toBe(before);
  });

  it('deletes a user for good: photos, every row of theirs, the profile and the auth user; logged; never oneself', async () => {
    const ownerId = randomUUID();
    const owner = stack.client(await stack.mintUserToken(ownerId));
    const product = await owner.from('produtos').insert({ nome: 'Arroz', preco: 25, unidade: 'un' }).select('id').single();
    expect(product.error).toBeNull();
    expect((await owner.from('clientes').insert({ nome: 'Maria', telefone: '11999990000' })).error).toBeNull();
    expect((await owner.from('despesas').insert({ descricao: 'Aluguel', valor: 900, data: '2026-11-01' })).error).toBeNull();
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' });
    const upload = await owner.storage
      .from('product-images')
      .upload(`${ownerId}/produtos/arroz.jpg`, photo, { contentType: 'image/jpeg' });
    expect(upload.error).toBeNull();
    const ownRows = async () => {
      const { rows } = await stack.db.query<{ total: number | string }>(
        `SELECT (SELECT count(*) FROM public.produtos WHERE user_id = $1) + (SELECT count(*) FROM public.clientes WHERE user_id = $1)
              + (SELECT count(*) FROM public.despesas WHERE user_id = $1) + (SELECT count(*) FROM public.user_sessions WHERE user_id = $1)
              + (SELECT count(*) FROM public.users WHERE id = $1) + (SELECT count(*) FROM auth.users WHERE id = $1) AS total`,
        [ownerId],
      );
      return Number(rows[0]?.total ?? 0);
    };
    expect(await ownRows()).toBe(6);

    const owners = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
    expect((await failure(owners.deleteUser({ userId: ownerId }))).code).toBe('forbidden');
    await admin.deleteUser({ userId: ownerId });
    expect(await ownRows()).toBe(0);
    const { data: left } = await stack.serviceClient().storage.from('product-images').list(`${ownerId}/produtos`);
    expect(left ?? []).toEqual([]);
    const logged = await adminClient.from('admin_logs').select('action, details').eq('target_id', ownerId);
    expect(logged.data).toEqual([{ action: 'delete_user', details: expect.objectContaining({ nome: 'Dona Teste' }) as unknown }]);
    expect((await failure(admin.deleteUser({ userId: ownerId }))).code).toBe('not_found');

    const self = await adminClient.rpc('admin_delete_user', { p_user_id: adminId });
    expect(self.error).toMatchObject({ code: '42501', message: 'Um administrador não pode excluir a própria conta.' });
  });

  it('resends the sign-up confirmation of an unconfirmed owner (it reaches the mail outbox)', async () => {
    const pending = (await admin.usersPage({ confirmed: false })).rows[0];
    const email = pending?.email ?? '';
    expect(email).toMatch(/@teste\.dev$/);
    await admin.resendConfirmation({ email });
    const response = await fetch(`${stack.url}/mail/v1/messages/latest?to=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { kind: string }).kind).toBe('signup');
    expect((await failure(admin.resendConfirmation({ email: 'não é email' }))).issues).toEqual([
      { field: 'email', code: 'invalid_format' },
    ]);
  });
});

describe('admin logs page', () => {
  it('admin and security logs newest first, 20 a page with the total, searched on the server; owners refused', async () => {
    for (let index = 0; index < 25; index += 1) {
      await adminClient.rpc('log_admin_action', {
        p_action: `lote ${String(index).padStart(2, '0')}`,
        p_target_type: 'system',
        p_details: { index },
      });
    }
    await stack.db.query(
      `INSERT INTO public.security_logs (action, ip_address, user_id, blocked, details, created_at)
       SELECT 'login_failed', '10.0.0.' || i, $1::uuid, i % 2 = 0, jsonb_build_object('tentativa', i), now() - make_interval(secs => i)
         FROM generate_series(1, 23) i`,
      [ids[3] ?? ''],
    );
    const first = await admin.logsPage({ search: 'lote' });
    expect(first).toMatchObject({ kind: 'admin', total: 25, page: 1, pages: 2 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({
      action: 'lote 24',
      targetType: 'system',
      blocked: null,
      actorId: adminId,
      details: { index: 24 },
    });
    const second = await admin.logsPage({ search: 'lote', page: 2 });
    expect(second.rows.map((row) => row.action)).toEqual(['lote 04', 'lote 03', 'lote 02', 'lote 01', 'lote 00']);
    expect(await admin.logsPage({ search: 'lote', page: 7 })).toMatchObject({ page: 2, pages: 2, total: 25 });
    // The server's own entries of the user changes above are there too.
    expect((await admin.logsPage({ search: 'update_user_plan' })).total).toBeGreaterThanOrEqual(2);
    expect((await admin.logsPage({ search: 'nada(disso),*' })).total).toBe(0);

    const security = await admin.logsPage({ kind: 'security' });
    expect(security).toMatchObject({ kind: 'security', total: 23, pages: 2 });
    expect(security.rows[0]).toMatchObject({
      action: 'login_failed',
      ip: '10.0.0.1',
      blocked: false,
      actorId: ids[3],
      targetType: null,
    });
    expect((await admin.logsPage({ kind: 'security', search: '10.0.0.2' })).rows.map((row) => row.ip).sort()).toEqual([
      '10.0.0.2',
      '10.0.0.20',
      '10.0.0.21',
      '10.0.0.22',
      '10.0.0.23',
    ]);
    // The search looks into the details too.
    expect((await admin.logsPage({ search: 'Pagamentos contestados' })).rows.map((row) => row.action)).toContain(
      'update_user_status',
    );
    expect((await admin.logsPage({ kind: 'security', search: 'tentativa' })).total).toBe(23);
    const owner = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
    // RLS hides the rows from an owner: an empty list, never someone's logs.
    expect(await owner.logsPage({})).toMatchObject({ total: 0, rows: [] });
  });
});
