// Conformance of the admin area's calls (docs/product.md §7 "Admin") on the real schema with the official supabase-js:
// every admin RPC with the spec's parameters (and its refusal for owners), the user, product, payment,
// settings, blocked-IP, sales, notification, log and support-ticket reads and writes, with their embeds.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { rowOf, rowsOf } from '../support/results.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let ownerA: string;
let ownerB: string;
let adminId: string;
let a: SupabaseClient;
let admin: SupabaseClient;
let service: SupabaseClient;

const ADMIN_RPCS: [string, Record<string, unknown>][] = [
  ['count_users', {}],
  ['count_premium_users', {}],
  ['count_products', {}],
  ['count_recent_users', {}],
  ['get_admin_users_with_confirmed', {}],
  ['get_admin_users', {}],
  ['admin_update_user_plan', { p_user_id: randomUUID(), p_plano: 'premium', p_data_fim_plano: null }],
  ['admin_update_user_status', { p_user_id: randomUUID(), p_status: 'suspenso' }],
  ['log_admin_action', { p_action: 'x', p_target_type: 'user', p_target_id: null, p_details: null }],
  ['check_sla_violations', {}],
  ['mark_ticket_read_admin', { p_ticket_id: randomUUID() }],
  // Added for the admin area (migrations 0012 and 0014).
  ['admin_users_page', { p_search: 'a', p_limit: 10, p_offset: 0 }],
  ['admin_delete_user', { p_user_id: randomUUID() }],
  // /admin/products and /admin/sales (migration 0015).
  ['admin_products_page', { p_search: 'a', p_limit: 10, p_offset: 0 }],
  ['admin_product_categories', {}],
  ['admin_product_owners', { p_search: 'a', p_limit: 20 }],
  ['admin_delete_product', { p_product_id: randomUUID() }],
  ['admin_sales_page', { p_search: 'a', p_tipo: null, p_limit: 10, p_offset: 0 }],
];

beforeAll(async () => {
  stack = await startTestStack();
  ownerA = await createUser(stack.db, { nome: 'Ana Souza', nome_mercado: 'Mercadinho Ana', telefone: '11988887777' });
  ownerB = await createUser(stack.db, { nome: 'Bento Lima', nome_mercado: 'Empório Bento', telefone: '21977776666' });
  adminId = await createUser(stack.db, { nome: 'Admin', nome_mercado: null, telefone: null });
  a = stack.client(await stack.mintUserToken(ownerA));
  admin = stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
  service = stack.serviceClient();
  // An unconfirmed sign-up, older than a week.
  const { rows } = await stack.db.query<{ id: string }>(
    `INSERT INTO auth.users (id, email, raw_user_meta_data, created_at) VALUES (gen_random_uuid(), 'antigo@teste.dev', '{"nome":"Zé Antigo"}', now() - interval '20 days') RETURNING id`,
  );
  expect(rows).toHaveLength(1);
});
afterAll(async () => {
  await stack.close();
});

describe('admin RPCs', () => {
  it.each(ADMIN_RPCS)('%s refuses an owner with 42501 (403) and anon with 401', async (name, args) => {
    const refused = await a.rpc(name, args);
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    const anonymous = await stack.client().rpc(name, args);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.code).toBe('42501');
  });

  it('is_admin is true only for the admin', async () => {
    expect(rowOf(await admin.rpc('is_admin'))).toBe(true);
    expect(rowOf(await a.rpc('is_admin'))).toBe(false);
  });

  it('dashboard counters: each a list whose first item has count', async () => {
    await a.from('produtos').insert([
      { nome: 'Arroz', preco: 25, unidade: 'un' },
      { nome: 'Feijão', preco: 9, unidade: 'un' },
    ]);
    expect(rowOf(await admin.rpc('count_users'))).toEqual([{ count: 4 }]);
    expect(rowOf(await admin.rpc('count_recent_users'))).toEqual([{ count: 3 }]);
    expect(rowOf(await admin.rpc('count_products'))).toEqual([{ count: 2 }]);
    expect(rowOf(await admin.rpc('count_premium_users'))).toEqual([{ count: 0 }]);
  });

  it('user lists: get_admin_users (id, nome, email, plano) and get_admin_users_with_confirmed', async () => {
    const list = rowsOf<{ nome: string | null }>(await admin.rpc('get_admin_users'));
    expect(list.map((row) => row.nome)).toEqual(['Admin', 'Ana Souza', 'Bento Lima', 'Zé Antigo']);
    expect(list[1]).toEqual({ id: ownerA, nome: 'Ana Souza', email: `${ownerA.slice(0, 8)}@teste.dev`, plano: 'free' });
    const confirmed = rowsOf<{ nome: string; email_confirmed: boolean; nome_mercado: string | null }>(
      await admin.rpc('get_admin_users_with_confirmed'),
    );
    expect(confirmed.find((row) => row.nome === 'Zé Antigo')).toMatchObject({
      email: 'antigo@teste.dev',
      email_confirmed: false,
    });
    expect(confirmed.find((row) => row.nome === 'Ana Souza')).toMatchObject({
      nome_mercado: 'Mercadinho Ana',
      email_confirmed: true,
      plano: 'free',
    });
  });

  it('admin_update_user_plan and admin_update_user_status change the profile; bad values are refused', async () => {
    const until = '2030-01-31T12:00:00+00:00';
    const premium = rowOf<Record<string, unknown>>(
      await admin.rpc('admin_update_user_plan', { p_user_id: ownerB, p_plano: 'premium', p_data_fim_plano: until }),
    );
    expect(premium).toMatchObject({ id: ownerB, plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' });
    expect(rowOf(await admin.rpc('count_premium_users'))).toEqual([{ count: 1 }]);
    expect(rowOf(await admin.rpc('admin_update_user_status', { p_user_id: ownerB, p_status: 'suspenso' }))).toMatchObject({
      status_pagamento: 'suspenso',
    });

    const badPlan = await admin.rpc('admin_update_user_plan', { p_user_id: ownerB, p_plano: 'ouro', p_data_fim_plano: null });
    expect(badPlan.error).toMatchObject({ code: '22023', message: 'Plano inválido: use free ou premium.' });
    const missing = await admin.rpc('admin_update_user_status', { p_user_id: randomUUID(), p_status: 'ativo' });
    expect(missing.error).toMatchObject({ code: 'P0002', message: 'Usuário não encontrado' });
    expect(rowOf(await service.from('users').select('plano, status_pagamento').eq('id', ownerB).single())).toEqual({
      plano: 'premium',
      status_pagamento: 'suspenso',
    });

    expect(
      rowOf(await admin.rpc('admin_update_user_plan', { p_user_id: ownerB, p_plano: 'free', p_data_fim_plano: null })),
    ).toMatchObject({ plano: 'free', data_fim_plano: null });
  });

  it('log_admin_action records the action; admin_logs newest first, limit 100 and limit 5', async () => {
    for (let index = 0; index < 7; index += 1) {
      const id = rowOf<string>(
        await admin.rpc('log_admin_action', {
          p_action: `ação ${index}`,
          p_target_type: 'user',
          p_target_id: ownerA,
          p_details: { index },
        }),
      );
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(rowOf(await admin.rpc('log_admin_action', { p_action: 'sem alvo', p_target_type: 'system' }))).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    // The server's own entries of the plan and status changes above (target_type 'user', actions update_user_*)
    // are in the list too; these are the ones log_admin_action wrote.
    const logs = rowsOf<{ action: string; admin_id: string; details: unknown }>(
      await admin.from('admin_logs').select('*').order('created_at', { ascending: false }).limit(100),
    ).filter((row) => !row.action.startsWith('update_user'));
    expect(logs.map((row) => row.action)).toEqual([
      'sem alvo',
      'ação 6',
      'ação 5',
      'ação 4',
      'ação 3',
      'ação 2',
      'ação 1',
      'ação 0',
    ]);
    expect(logs[1]).toMatchObject({ admin_id: adminId, target_type: 'user', target_id: ownerA, details: { index: 6 } });
    expect(
      rowsOf(await admin.from('admin_logs').select('action').order('created_at', { ascending: false }).limit(5)),
    ).toHaveLength(5);
    expect(rowsOf(await a.from('admin_logs').select('id'))).toEqual([]);
  });
});

describe('users, products and payments', () => {
  it('reads users (all fields; or id, nome, nome_mercado by nome), updates and deletes one by id', async () => {
    const all = rowsOf(await admin.from('users').select('*'));
    expect(all).toHaveLength(4);
    expect(rowsOf(await admin.from('users').select('id, nome, nome_mercado').order('nome'))).toEqual([
      { id: adminId, nome: 'Admin', nome_mercado: null },
      { id: ownerA, nome: 'Ana Souza', nome_mercado: 'Mercadinho Ana' },
      { id: ownerB, nome: 'Bento Lima', nome_mercado: 'Empório Bento' },
      expect.objectContaining({ nome: 'Zé Antigo' }),
    ]);
    const changes = {
      nome: 'Bento L.',
      email: 'bento@teste.dev',
      telefone: '21900001111',
      nome_mercado: 'Empório',
      plano: 'premium',
      data_fim_plano: '2031-01-01T00:00:00+00:00',
      status_pagamento: 'ativo',
    };
    expect(
      rowsOf(
        await admin
          .from('users')
          .update(changes)
          .eq('id', ownerB)
          .select('nome, email, telefone, nome_mercado, plano, data_fim_plano, status_pagamento'),
      ),
    ).toEqual([changes]);
    // An owner cannot give herself the plan.
    const self = await a.from('users').update({ plano: 'premium' }).eq('id', ownerA);
    expect(self.error).toMatchObject({
      code: '42501',
      message: 'Só é possível alterar nome, nome do mercado, telefone, chave PIX e cidade.',
    });

    const old = rowOf<{ id: string }>(await admin.from('users').select('id').eq('nome', 'Zé Antigo').single());
    expect((await admin.from('users').delete().eq('id', old.id)).error).toBeNull();
    expect(rowsOf(await service.from('users').select('id').eq('id', old.id))).toEqual([]);
    expect((await a.from('users').delete().eq('id', ownerB).select()).data).toEqual([]);
  });

  it('products of every owner with an exact count, newest first, filtered by user, categoria and name, pages of 10; delete by id', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({
      nome: `Produto ${String(index).padStart(2, '0')}`,
      preco: index + 1,
      unidade: 'un',
      categoria: index % 3 === 0 ? 'Bebidas' : 'Mercearia',
      created_at: new Date(Date.UTC(2025, 0, index + 1)).toISOString(),
    }));
    expect((await a.from('produtos').insert(rows)).error).toBeNull();
    const page = await admin
      .from('produtos')
      .select('*', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(page.status).toBe(206);
    expect(page.count).toBe(14);
    expect(rowsOf(page)).toHaveLength(10);

    const filtered = await admin
      .from('produtos')
      .select('nome, user_id, categoria', { count: 'exact' })
      .eq('user_id', ownerA)
      .eq('categoria', 'Bebidas')
      .ilike('nome', '%produto 0%')
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(filtered.count).toBe(4);
    expect(rowsOf<{ nome: string }>(filtered).map((row) => row.nome)).toEqual([
      'Produto 09',
      'Produto 06',
      'Produto 03',
      'Produto 00',
    ]);

    const victim = rowOf<{ id: string }>(await admin.from('produtos').select('id').eq('nome', 'Produto 00').single());
    expect((await admin.from('produtos').delete().eq('id', victim.id)).error).toBeNull();
    expect(rowOf(await a.from('produtos').select('_deleted').eq('id', victim.id).single())).toEqual({ _deleted: true });
    expect(rowOf(await admin.rpc('count_products'))).toEqual([{ count: 13 }]);
  });

  it('planos_pagamentos with the joined user, a count, newest first, pages of 10; all for stats', async () => {
    const payments = Array.from({ length: 11 }, (_, index) => ({
      user_id: index % 2 === 0 ? ownerA : ownerB,
      status: index === 0 ? 'pendente' : 'pago',
      plano: 'premium',
      periodo: index % 3 === 0 ? 'yearly' : 'monthly',
      valor: index % 3 === 0 ? 199.9 : 19.9,
      transacao_id: `tx_${index}`,
      created_at: new Date(Date.UTC(2025, 5, index + 1)).toISOString(),
    }));
    expect((await service.from('planos_pagamentos').insert(payments)).error).toBeNull();
    const page = await admin
      .from('planos_pagamentos')
      .select('*, users(nome, email)', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 9);
    expect(page.count).toBe(11);
    const rows = rowsOf<{ transacao_id: string; users: { nome: string } }>(page);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({
      transacao_id: 'tx_10',
      valor: 19.9,
      users: { nome: 'Ana Souza', email: `${ownerA.slice(0, 8)}@teste.dev` },
    });
    expect(rows[1]?.users.nome).toBe('Bento L.');
    const stats = rowsOf<{ status: string; valor: number }>(
      await admin.from('planos_pagamentos').select('status, valor, periodo'),
    );
    expect(stats.filter((row) => row.status === 'pago').reduce((sum, row) => sum + row.valor, 0)).toBeCloseTo(
      3 * 199.9 + 7 * 19.9,
      2,
    );
    // The owner sees only hers, and the embed of her own profile.
    const mine = rowsOf<{ users: { nome: string } }>(await a.from('planos_pagamentos').select('transacao_id, users(nome)'));
    expect(mine).toHaveLength(6);
    expect(mine.every((row) => row.users.nome === 'Ana Souza')).toBe(true);
  });
});

describe('settings, blocked IPs, sales, notifications, security logs', () => {
  it('system_settings ordered by key; update by key (value, updated_at)', async () => {
    const settings = rowsOf<{ key: string }>(await admin.from('system_settings').select('*').order('key'));
    expect(settings.map((row) => row.key)).toEqual(['free_plan_limits', 'notification_settings', 'security_settings']);
    expect(settings[0]).toMatchObject({ value: { products: 50, clients: 100 } });
    const value = { max_login_attempts: 3, lockout_duration: 30, require_2fa: false };
    const updated = await admin
      .from('system_settings')
      .update({ value, updated_at: new Date().toISOString() })
      .eq('key', 'security_settings')
      .select('key, value');
    expect(rowsOf(updated)).toEqual([{ key: 'security_settings', value }]);
    expect(rowsOf(await a.from('system_settings').select('key'))).toEqual([]);
    expect(rowsOf(await a.from('system_settings').update({ value: {} }).eq('key', 'free_plan_limits').select())).toEqual([]);
  });

  it('blocked_ips newest first; insert (ip_address, reason, blocked_by); delete by id', async () => {
    for (const ip of ['203.0.113.7', '198.51.100.0/24']) {
      expect(
        (await admin.from('blocked_ips').insert({ ip_address: ip, reason: 'Força bruta', blocked_by: adminId })).error,
      ).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const rows = rowsOf<{ id: string; ip_address: string }>(
      await admin.from('blocked_ips').select('*').order('blocked_at', { ascending: false }),
    );
    expect(rows.map((row) => row.ip_address)).toEqual(['198.51.100.0/24', '203.0.113.7']);
    expect(rows[0]).toMatchObject({ reason: 'Força bruta', blocked_by: adminId });
    expect((await a.from('blocked_ips').insert({ ip_address: '192.0.2.1' })).error?.code).toBe('42501');
    expect(
      (
        await admin
          .from('blocked_ips')
          .delete()
          .eq('id', rows[0]?.id ?? '')
      ).error,
    ).toBeNull();
    expect(rowsOf(await admin.from('blocked_ips').select('ip_address'))).toEqual([{ ip_address: '203.0.113.7' }]);
  });

  it('sales of every owner newest first; user and client are read by id (no foreign keys to embed)', async () => {
    const cliente = rowOf<{ id: string }>(
      await a.from('clientes').insert({ nome: 'Maria', is_fiado: true }).select('id').single(),
    );
    const item = {
      produto_id: randomUUID(),
      quantidade: 1,
      preco_unitario: 10,
      preco_total: 10,
      nome_produto: 'Pão',
      unidade_produto: 'un',
    };
    expect(
      (
        await a.from('vendas').insert([
          { total: 10, tipo: 'fiado', cliente_id: cliente.id, itens: [item], created_at: '2025-06-01T10:00:00Z' },
          { total: 10, tipo: 'avista', forma_pagamento: 'pix', itens: [item], created_at: '2025-06-02T10:00:00Z' },
        ])
      ).error,
    ).toBeNull();
    const sales = rowsOf<{ user_id: string; cliente_id: string | null }>(
      await admin.from('vendas').select('*').order('created_at', { ascending: false }),
    );
    expect(sales.map((row) => row.cliente_id)).toEqual([null, cliente.id]);
    expect((await admin.from('vendas').select('*, users(nome), clientes(nome)')).error?.code).toBe('PGRST200');
    const users = rowsOf(
      await admin
        .from('users')
        .select('id, nome')
        .in('id', [...new Set(sales.map((row) => row.user_id))]),
    );
    expect(users).toEqual([{ id: ownerA, nome: 'Ana Souza' }]);
    expect(rowsOf(await admin.from('clientes').select('nome').in('id', [cliente.id]))).toEqual([{ nome: 'Maria' }]);
  });

  it('notifications newest first; insert one row or a row per user; update lido; delete', async () => {
    const one = rowOf<{ id: string }>(
      await admin
        .from('notificacoes')
        .insert({ user_id: ownerA, tipo: 'sistema', mensagem: 'Manutenção domingo' })
        .select('id')
        .single(),
    );
    const perUser = rowsOf(
      await admin
        .from('notificacoes')
        .insert([ownerA, ownerB].map((user_id) => ({ user_id, tipo: 'sistema', mensagem: 'Novidade: relatórios' })))
        .select('user_id'),
    );
    expect(perUser).toHaveLength(2);
    const listed = rowsOf<{ mensagem: string }>(
      await admin.from('notificacoes').select('*').eq('tipo', 'sistema').order('created_at', { ascending: false }),
    );
    expect(listed.map((row) => row.mensagem)).toEqual(['Novidade: relatórios', 'Novidade: relatórios', 'Manutenção domingo']);
    expect(rowsOf(await admin.from('notificacoes').update({ lido: true }).eq('id', one.id).select('lido'))).toEqual([
      { lido: true },
    ]);
    expect((await admin.from('notificacoes').delete().eq('id', one.id)).error).toBeNull();
    expect(rowOf(await a.from('notificacoes').select('lido, _deleted').eq('id', one.id).single())).toEqual({
      lido: true,
      _deleted: true,
    });
  });

  it('security_logs newest first, limit 100', async () => {
    const logs = Array.from({ length: 3 }, (_, index) => ({
      action: `login_falhou_${index}`,
      ip_address: '203.0.113.9',
      created_at: new Date(Date.UTC(2025, 6, index + 1)).toISOString(),
    }));
    expect((await service.from('security_logs').insert(logs)).error).toBeNull();
    const rows = rowsOf<{ action: string }>(
      await admin.from('security_logs').select('*').order('created_at', { ascending: false }).limit(100),
    );
    expect(rows.map((row) => row.action)).toEqual(['login_falhou_2', 'login_falhou_1', 'login_falhou_0']);
    expect(rowsOf(await a.from('security_logs').select('id'))).toEqual([]);
  });
});

describe('support tickets', () => {
  let ticket: string;

  beforeAll(async () => {
    // Support is Premium's (the database refuses a free owner's ticket): the owner subscribes first.
    await stack.db.query(
      `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days' WHERE id = $1`,
      [ownerA],
    );
    ticket = rowOf<{ id: string }>(
      await a
        .from('support_tickets')
        .insert({ title: 'Não consigo imprimir', description: 'A impressora some' })
        .select('id')
        .single(),
    ).id;
    const created_at = new Date(Date.now() - 20 * 3_600_000).toISOString();
    // A bulk insert sends the union of the keys (columns=): every row carries every key.
    const seeded = await service.from('support_tickets').insert([
      { user_id: ownerA, title: 'Esperando há 20 horas', status: 'open', archived: false, created_at },
      { user_id: ownerA, title: 'Arquivado', status: 'closed', archived: true, created_at },
    ]);
    expect(seeded.error).toBeNull();
  });

  it('lists tickets not archived, newest first, with the owner embedded; check_sla_violations lists the late one', async () => {
    const open = rowsOf<{ title: string; users: { nome: string } }>(
      await admin
        .from('support_tickets')
        .select('*, users(nome, email)')
        .eq('archived', false)
        .order('created_at', { ascending: false }),
    );
    expect(open.map((row) => row.title)).toEqual(['Não consigo imprimir', 'Esperando há 20 horas']);
    expect(open[0]?.users.nome).toBe('Ana Souza');
    const sla = rowsOf<{ title: string; hours_remaining: number }>(await admin.rpc('check_sla_violations'));
    expect(sla).toHaveLength(1);
    expect(sla[0]?.title).toBe('Esperando há 20 horas');
    expect(sla[0]?.hours_remaining).toBeCloseTo(4, 0);
  });

  it('responses: insert as admin and as owner, read by ticket ascending with the ticket embedded; unread flags move', async () => {
    const reply = await admin
      .from('support_responses')
      .insert({ ticket_id: ticket, responder_id: adminId, responder_type: 'admin', message: 'Reinstale o driver.' });
    expect(reply.error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (
        await a
          .from('support_responses')
          .insert({ ticket_id: ticket, responder_id: ownerA, responder_type: 'admin', message: 'Funcionou!' })
      ).error,
    ).toBeNull();
    const thread = rowsOf(
      await admin
        .from('support_responses')
        .select('message, responder_type, support_tickets(title)')
        .eq('ticket_id', ticket)
        .order('created_at', { ascending: true }),
    );
    expect(thread).toEqual([
      { message: 'Reinstale o driver.', responder_type: 'admin', support_tickets: { title: 'Não consigo imprimir' } },
      { message: 'Funcionou!', responder_type: 'user', support_tickets: { title: 'Não consigo imprimir' } },
    ]);
    const all = rowsOf(await admin.from('support_responses').select('ticket_id, responder_type, created_at'));
    expect(all).toHaveLength(2);
    expect(
      rowOf(await a.from('support_tickets').select('unread_user, unread_admin, first_response_at').eq('id', ticket).single()),
    ).toMatchObject({ unread_user: true, unread_admin: true });
    expect(rowsOf(await a.from('notificacoes').select('tipo').eq('referencia_id', ticket))).toEqual([
      { tipo: 'resposta_suporte' },
    ]);

    expect(rowOf(await admin.rpc('mark_ticket_read_admin', { p_ticket_id: ticket }))).toBeNull();
    expect(rowOf(await admin.from('support_tickets').select('unread_admin').eq('id', ticket).single())).toEqual({
      unread_admin: false,
    });
  });

  it('the admin updates status, timestamps and archived; the owner cannot', async () => {
    const closed = await admin
      .from('support_tickets')
      .update({ status: 'closed', archived: true, updated_at: new Date().toISOString() })
      .eq('id', ticket)
      .select('status, archived, resolved_at');
    const [row] = rowsOf<{ resolved_at: string | null }>(closed);
    expect(row).toMatchObject({ status: 'closed', archived: true });
    expect(row?.resolved_at).not.toBeNull();
    const refused = await a.from('support_tickets').update({ status: 'open', archived: false }).eq('id', ticket);
    expect(refused.error).toMatchObject({ code: '42501', message: 'Só o suporte altera o status do ticket.' });
    expect(rowsOf(await admin.from('support_tickets').select('title').eq('archived', false))).toEqual([
      { title: 'Esperando há 20 horas' },
    ]);
  });
});
