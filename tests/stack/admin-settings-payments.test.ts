// /admin/payments and /admin/settings against the local stack: payments paged (10) and filtered on the server
// (search by name, email or transaction, status, plan, period in São Paulo) with the four cards; settings read and
// updated by key (integers parsed, bad shapes refused by the domain and the server) with the server's
// update_setting entries; IPs blocked and unblocked (logged as block_ip / unblock_ip, refused by the front door
// and let in again); SLA alerts; a non-admin refused; 'offline' without a connection.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSupportText } from '../../src/i18n/admin-support.pt-BR.ts';
import WebSocket from 'ws';
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
let owner: ReturnType<typeof createAdminDomain>['handlers'];
const connectivity = createManualConnectivity(true);
const owners: Record<'ana' | 'bruno' | 'carla', string> = { ana: '', bruno: '', carla: '' };
const PASSWORD = 'Senha@Forte1';

/** One instant every seeded payment is dated from, so their order never depends on how fast the inserts run. */
const SEEDED_AT = new Date().toISOString();

async function pay(
  userId: string,
  row: { status: string; plano?: string; periodo?: string | null; valor?: number; tx: string; ago: string },
): Promise<void> {
  await stack.db.query(
    `INSERT INTO public.planos_pagamentos (user_id, status, plano, periodo, valor, transacao_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz - $8::interval)`,
    [userId, row.status, row.plano ?? 'premium', row.periodo ?? 'monthly', row.valor ?? 0, row.tx, SEEDED_AT, row.ago],
  );
}

async function adminLogs(
  action: string,
): Promise<{ target_type: string; target_id: string; details: unknown; admin_id: string }[]> {
  const { rows } = await stack.db.query<{ target_type: string; target_id: string; details: unknown; admin_id: string }>(
    `SELECT target_type, target_id, details, admin_id::text AS admin_id FROM public.admin_logs WHERE action = $1
      ORDER BY created_at, id`,
    [action],
  );
  return rows;
}

/** A client whose requests come from `ip`, as forwarded by the trusted proxy (the test plays it on loopback). */
function clientFrom(ip: string) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { 'x-forwarded-for': ip } },
  });
}

beforeAll(async () => {
  stack = await startTestStack({ config: { trustedProxies: ['127.0.0.1'] } });
  owners.ana = await createUser(stack.db, { nome: 'Ana Paga', nome_mercado: 'Mercado Ana' });
  owners.bruno = await createUser(stack.db, { nome: 'Bruno Anual', nome_mercado: 'Mercado Bruno' });
  owners.carla = await createUser(stack.db, { nome: 'Carla Variada', nome_mercado: 'Mercado Carla' });
  // 12 monthly payments of Ana just now (seconds apart, newest tx-a-00).
  for (let index = 0; index < 12; index += 1) {
    await pay(owners.ana, { status: 'pago', tx: `tx-a-${String(index).padStart(2, '0')}`, ago: `${String(index)} seconds` });
  }
  // Today's fourteen rows sit within 13 seconds of the seeding instant, so 'Hoje' holds them all but in the first
  // seconds after midnight in São Paulo.
  await pay(owners.bruno, { status: 'pago', periodo: 'yearly', tx: 'tx-b-anual', ago: '12 seconds' });
  await pay(owners.bruno, { status: 'pago', valor: 20, tx: 'tx-b-valor', ago: '13 seconds' });
  for (let index = 0; index < 3; index += 1) {
    await pay(owners.carla, { status: 'pendente', tx: `tx-c-pend-${String(index)}`, ago: '3 days' });
  }
  await pay(owners.carla, { status: 'cancelado', plano: 'free', periodo: null, tx: 'tx-c-free-0', ago: '10 days' });
  await pay(owners.carla, { status: 'cancelado', plano: 'free', periodo: null, tx: 'tx-c-free-1', ago: '10 days' });
  await pay(owners.carla, { status: 'expirado', tx: 'tx-c-exp-0', ago: '40 days 2 seconds' });
  await pay(owners.carla, { status: 'expirado', tx: 'tx-c-exp-1', ago: '40 days 1 second' });
  await pay(owners.carla, { status: 'pago', tx: 'tx-c-antigo', ago: '40 days' });

  adminId = randomUUID();
  adminClient = await adminClientOf(stack, adminId);
  ownerClient = stack.client(await stack.mintUserToken(owners.ana));
  admin = createAdminDomain({ client: () => adminClient, connectivity }).handlers;
  owner = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
});

afterAll(async () => {
  await stack.close();
});

describe('admin payments', () => {
  it('the four cards: revenue of the paid ones (stored amount, else the plan price), transactions, pending, active', async () => {
    expect(await admin.paymentsStats()).toEqual({
      // 13 monthly at 14,90 (12 of Ana, Carla's old one), Bruno's yearly 143,00 and his stored 20,00.
      revenue: 356.7,
      transactions: 22,
      pending: 3,
      // Ana and Bruno paid premium this month; Carla's paid one is 40 days old.
      activeSubscriptions: 2,
    });
  });

  it('pages of 10, newest first, with the total and each row’s user, plan, amount and transaction', async () => {
    const first = await admin.paymentsPage({});
    expect(first).toMatchObject({ total: 22, page: 1, pages: 3 });
    expect(first.rows.map((row) => row.transactionId)).toEqual(
      Array.from({ length: 10 }, (_, index) => `tx-a-${String(index).padStart(2, '0')}`),
    );
    expect(first.rows[0]).toMatchObject({ nome: 'Ana Paga', status: 'pago', plan: 'premium', amount: 14.9 });
    const last = await admin.paymentsPage({ page: 3 });
    // The three 40-day-old ones were inserted last-newest: tx-c-antigo ends page 2.
    expect(last.rows.map((row) => row.transactionId)).toEqual(['tx-c-exp-1', 'tx-c-exp-0']);
    expect(await admin.paymentsPage({ page: 9 })).toMatchObject({ page: 3, pages: 3 });
  });

  it('filters by search (name, email, transaction), status, plan and period', async () => {
    const bruno = await admin.paymentsPage({ search: 'bruno' });
    expect(bruno.rows.map((row) => [row.transactionId, row.amount])).toEqual([
      ['tx-b-anual', 143],
      ['tx-b-valor', 20],
    ]);
    const email = bruno.rows[0]?.email ?? '';
    expect((await admin.paymentsPage({ search: email.slice(0, 8) })).total).toBe(2);
    expect((await admin.paymentsPage({ search: 'TX-C-PEND' })).total).toBe(3);
    expect((await admin.paymentsPage({ search: '%' })).total).toBe(0);
    expect((await admin.paymentsPage({ status: 'pendente' })).total).toBe(3);
    expect((await admin.paymentsPage({ status: 'expirado' })).total).toBe(2);
    const free = await admin.paymentsPage({ plan: 'free' });
    expect(free.rows.map((row) => [row.transactionId, row.amount])).toEqual(
      expect.arrayContaining([
        ['tx-c-free-0', 0],
        ['tx-c-free-1', 0],
      ]),
    );
    expect(free.total).toBe(2);
    expect((await admin.paymentsPage({ period: 'today' })).total).toBe(14);
    expect((await admin.paymentsPage({ period: '7d' })).total).toBe(17);
    expect((await admin.paymentsPage({ period: '30d' })).total).toBe(19);
    expect((await admin.paymentsPage({ period: '30d', status: 'pago', search: 'carla' })).total).toBe(0);
    expect((await failure(admin.paymentsPage({ status: 'pago ' as 'pago' }))).code).toBe('invalid_input');
  });

  it('exports the whole filtered list', async () => {
    expect(await admin.paymentsExport({})).toHaveLength(22);
    expect((await admin.paymentsExport({ search: 'ana' })).map((row) => row.nome)).toEqual(Array(12).fill('Ana Paga'));
  });
});

describe('admin settings', () => {
  it('reads the stored settings by key with their description and update time', async () => {
    const settings = await admin.settings();
    expect(settings.map((setting) => setting.key)).toEqual(['free_plan_limits', 'notification_settings', 'security_settings']);
    expect(settings[0]).toMatchObject({ value: { products: 50, clients: 100 } });
    expect(settings[0]?.description).toMatch(/Plano Gratuito/);
    expect(Date.parse(settings[0]?.updatedAt ?? '')).not.toBeNaN();
  });

  it('updates by key with integers parsed, the server stamping the time and logging update_setting from and to', async () => {
    const before = (await admin.settings()).find((setting) => setting.key === 'free_plan_limits');
    await admin.updateSetting({ key: 'free_plan_limits', value: { products: ' 3 ', clients: 100 } });
    const after = (await admin.settings()).find((setting) => setting.key === 'free_plan_limits');
    expect(after?.value).toEqual({ products: 3, clients: 100 });
    expect(Date.parse(after?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before?.updatedAt ?? ''));
    expect(await adminLogs('update_setting')).toEqual([
      {
        target_type: 'setting',
        target_id: 'free_plan_limits',
        details: { de: { products: 50, clients: 100 }, para: { products: 3, clients: 100 } },
        admin_id: adminId,
      },
    ]);
    // The server's product cap reads it.
    const { rows } = await stack.db.query<{ limite: number }>(`SELECT public.limite_produtos_gratuito() AS limite`);
    expect(rows[0]?.limite).toBe(3);

    await admin.updateSetting({
      key: 'security_settings',
      value: { max_login_attempts: 4, lockout_duration: '20', require_2fa: true },
    });
    const { rows: stored } = await stack.db.query<{ value: unknown }>(
      `SELECT value FROM public.system_settings WHERE key = 'security_settings'`,
    );
    expect(stored[0]?.value).toEqual({ max_login_attempts: 4, lockout_duration: 20, require_2fa: true });
    // From now on this admin's session (aal1) is no longer admin: 2FA is switched off again behind its back.
    await stack.db.query(
      `UPDATE public.system_settings SET value = jsonb_set(value, '{require_2fa}', 'false') WHERE key = 'security_settings'`,
    );
    await admin.updateSetting({ key: 'free_plan_limits', value: { products: 50, clients: 100 } });
    expect(await adminLogs('update_setting')).toHaveLength(3);
  });

  it('refuses a number that is not a whole number, on the device and on the server', async () => {
    const refused = await failure(
      admin.updateSetting({
        key: 'security_settings',
        value: { max_login_attempts: '5,5', lockout_duration: 15, require_2fa: false },
      }),
    );
    expect(refused.code).toBe('invalid_input');
    expect(refused.issues).toEqual([{ field: 'value.max_login_attempts', code: 'not_a_number' }]);
    expect(
      (await failure(admin.updateSetting({ key: 'free_plan_limits', value: { products: -1, clients: 1 } }))).issues[0],
    ).toMatchObject({ field: 'value.products', code: 'too_small' });
    const server = await adminClient
      .from('system_settings')
      .update({ value: { max_login_attempts: 2.5, lockout_duration: 15, require_2fa: false } })
      .eq('key', 'security_settings')
      .select('id');
    expect(server.error?.code).toBe('22023');
    const wrongType = await adminClient
      .from('system_settings')
      .update({ value: { email_notifications: 'sim', push_notifications: true } })
      .eq('key', 'notification_settings')
      .select('id');
    expect(wrongType.error?.code).toBe('22023');
  });
});

describe('blocked IPs', () => {
  it('blocks an address (logged block_ip), the front door refuses it, unblocking (logged unblock_ip) lets it in', async () => {
    const email = `ip.${Date.now().toString(36)}@teste.dev`;
    const created = await stack.serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const address = '203.0.113.50';
    expect((await clientFrom(address).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    await admin.blockIp({ ip: ` ${address} `, reason: 'Tentativas suspeitas' });
    const listed = await admin.blockedIps();
    expect(listed.total).toBe(1);
    expect(listed.rows[0]).toMatchObject({ ip: address, reason: 'Tentativas suspeitas', blockedBy: adminId });
    const refused = await clientFrom(address).auth.signInWithPassword({ email, password: PASSWORD });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('ip_address_blocked');
    expect((await clientFrom('203.0.113.51').auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    await admin.unblockIp({ id: listed.rows[0]?.id ?? '' });
    expect((await admin.blockedIps()).rows).toEqual([]);
    expect((await clientFrom(address).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect(await adminLogs('block_ip')).toEqual([
      { target_type: 'ip', target_id: address, details: { reason: 'Tentativas suspeitas' }, admin_id: adminId },
    ]);
    expect(await adminLogs('unblock_ip')).toEqual([
      expect.objectContaining({ target_type: 'ip', target_id: address, admin_id: adminId }),
    ]);
    expect((await failure(admin.unblockIp({ id: listed.rows[0]?.id ?? '' }))).code).toBe('not_found');
  });

  it('takes networks in CIDR notation; refuses a bad or repeated address on the device and on the server', async () => {
    await admin.blockIp({ ip: '198.51.100.0/24', reason: '' });
    await admin.blockIp({ ip: '2001:db8::/32', reason: null });
    const listed = await admin.blockedIps();
    expect(listed.rows.map((row) => [row.ip, row.reason])).toEqual([
      ['2001:db8::/32', null],
      ['198.51.100.0/24', null],
    ]);
    expect((await failure(admin.blockIp({ ip: '198.51.100.0/24' }))).issues).toEqual([{ field: 'ip', code: 'duplicate' }]);
    for (const bad of ['999.1.1.1', '10.0.0.1/33', 'abc', '1.2.3', '2001:db8::/129', '1.2.3.4/24/1']) {
      expect((await failure(admin.blockIp({ ip: bad }))).issues).toEqual([{ field: 'ip', code: 'invalid_format' }]);
    }
    expect((await failure(admin.blockIp({ ip: '   ' }))).issues).toEqual([{ field: 'ip', code: 'required' }]);
    const server = await adminClient.from('blocked_ips').insert({ ip_address: 'não é ip' }).select('id');
    expect(server.error?.code).toBe('23514');
    for (const row of listed.rows) await admin.unblockIp({ id: row.id });
  });
});

describe('SLA alerts', () => {
  it('lists open tickets near the 24-hour first-response SLA with the hours left', async () => {
    expect(await admin.slaAlerts()).toEqual([]);
    await stack.db.query(
      `INSERT INTO public.support_tickets (user_id, title, created_at) VALUES ($1, 'Sem resposta', now() - interval '20 hours'),
              ($1, 'Recente', now() - interval '1 hour')`,
      [owners.carla],
    );
    const alerts = await admin.slaAlerts();
    expect(alerts.map((alert) => [alert.title, alert.hoursRemaining])).toEqual([['Sem resposta', 4]]);
  });

  it('badge each alert with its ticket’s priority, not Urgente for all', async () => {
    await stack.db.query(
      `INSERT INTO public.support_tickets (user_id, title, priority, created_at)
       VALUES ($1, 'Dúvida no relatório', 'low', now() - interval '21 hours'),
              ($1, 'Caixa parado', 'urgent', now() - interval '19 hours')`,
      [owners.carla],
    );
    const badges = (await admin.slaAlerts()).map((alert) => [alert.title, adminSupportText.priorityNames[alert.priority]]);
    expect(badges).toEqual([
      ['Dúvida no relatório', 'Baixa'],
      ['Sem resposta', 'Média'],
      ['Caixa parado', 'Urgente'],
    ]);
  });
});

describe('refusals', () => {
  it('refuses a non-admin: every call forbidden, nothing changed', async () => {
    for (const call of [
      () => owner.paymentsStats(),
      () => owner.paymentsPage({}),
      () => owner.paymentsExport({}),
      () => owner.settings(),
      () => owner.blockedIps(),
      () => owner.slaAlerts(),
      () => owner.updateSetting({ key: 'free_plan_limits', value: { products: 9999, clients: 1 } }),
      () => owner.blockIp({ ip: '192.0.2.9' }),
      () => owner.unblockIp({ id: randomUUID() }),
    ]) {
      expect((await failure(call())).code).toBe('forbidden');
    }
    const { rows } = await stack.db.query<{ value: unknown }>(
      `SELECT value FROM public.system_settings WHERE key = 'free_plan_limits'`,
    );
    expect(rows[0]?.value).toEqual({ products: 50, clients: 100 });
    const stats = await ownerClient.rpc('admin_payments_stats');
    expect(stats.error?.code).toBe('42501');
  });

  it('refuses offline with DataError offline', async () => {
    connectivity.set(false);
    try {
      for (const call of [
        () => admin.paymentsStats(),
        () => admin.paymentsPage({}),
        () => admin.settings(),
        () => admin.blockIp({ ip: '192.0.2.1' }),
      ]) {
        expect((await failure(call())).code).toBe('offline');
      }
    } finally {
      connectivity.set(true);
    }
    expect((await admin.paymentsStats()).transactions).toBe(22);
  });
});
