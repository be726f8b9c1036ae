// RLS matrix over REST with the official supabase-js: owner A, owner B, anon and admin against every table
// (select, insert, update, delete) and every RPC. B never reads or changes A's rows, anon gets nothing,
// the admin can do what the admin area needs.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { REPLICATED_TABLES, createUser, sampleRow } from './helpers.ts';

let stack: TestStack;
let userA: string;
let userB: string;
let adminId: string;
let a: SupabaseClient;
let b: SupabaseClient;
let anon: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  [userA, userB, adminId] = [await createUser(stack.db), await createUser(stack.db), await createUser(stack.db)];
  a = stack.client(await stack.mintUserToken(userA));
  b = stack.client(await stack.mintUserToken(userB));
  admin = stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
  anon = stack.client();
});
afterAll(async () => {
  await stack.close();
});

async function serviceRow(table: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await stack.db.query(`SELECT * FROM public.${table} WHERE id = $1`, [id]);
  return rows[0];
}

describe.each(REPLICATED_TABLES)('%s', (table) => {
  it('owner A reads and writes her rows; B, anon cannot touch them; the admin reads them', async () => {
    const { row, edit } = sampleRow(table);
    const id = randomUUID();

    if (table === 'notificacoes') {
      // Notifications are the server's and the admin's: an owner inserts none, and reads and edits those sent to her.
      expect((await a.from(table).insert({ id, ...row })).error?.code).toBe('42501');
      await stack.db.query(`INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, $3, $4)`, [
        id,
        userA,
        row.tipo,
        row.mensagem,
      ]);
    } else {
      const inserted = await a
        .from(table)
        .insert({ id, ...row })
        .select()
        .single();
      expect(inserted.error).toBeNull();
      expect(inserted.data).toMatchObject({ id, user_id: userA, _deleted: false });
    }

    // B: invisible, unchangeable, undeletable, and B cannot write rows in A's name.
    expect((await b.from(table).select('id').eq('id', id)).data).toEqual([]);
    const before = await serviceRow(table, id);
    expect((await b.from(table).update(edit).eq('id', id).select()).data).toEqual([]);
    expect((await b.from(table).delete().eq('id', id).select()).data).toEqual([]);
    expect(await serviceRow(table, id)).toEqual(before);
    expect((await b.from(table).insert({ id: randomUUID(), ...sampleRow(table).row, user_id: userA })).error?.code).toBe('42501');
    expect((await b.from(table).update({ user_id: userB }).eq('id', id).select()).data).toEqual([]);

    // anon: nothing at all.
    expect((await anon.from(table).select('id')).data ?? []).toEqual([]);
    expect((await anon.from(table).insert({ id: randomUUID(), ...row })).error?.code).toBe('42501');

    // Admin reads everything the admin area lists.
    expect((await admin.from(table).select('id, user_id').eq('id', id)).data).toEqual([{ id, user_id: userA }]);

    // A edits, cannot hand the row to B, and a delete is a soft delete devices will learn of.
    const edited = await a.from(table).update(edit).eq('id', id).select().single();
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject(edit);
    expect((await a.from(table).update({ user_id: userB }).eq('id', id)).error?.code).toBe('42501');
    expect((await a.from(table).delete().eq('id', id)).error).toBeNull();
    expect(await serviceRow(table, id)).toMatchObject({ _deleted: true, user_id: userA });
  });
});

describe('admin-only changes on replicated tables', () => {
  it('the admin deletes products and sends, marks and deletes notifications; owners cannot for others', async () => {
    const productId = randomUUID();
    expect((await a.from('produtos').insert({ id: productId, nome: 'Café', preco: 18 })).error).toBeNull();
    expect((await admin.from('produtos').delete().eq('id', productId)).error).toBeNull();
    expect(await serviceRow('produtos', productId)).toMatchObject({ _deleted: true });

    const notice = { id: randomUUID(), user_id: userA, tipo: 'sistema', mensagem: 'Manutenção domingo' };
    expect((await admin.from('notificacoes').insert(notice)).error).toBeNull();
    expect((await b.from('notificacoes').insert({ ...notice, id: randomUUID() })).error?.code).toBe('42501');
    expect((await a.from('notificacoes').select('mensagem').eq('id', notice.id)).data).toEqual([
      { mensagem: 'Manutenção domingo' },
    ]);
    expect((await admin.from('notificacoes').update({ lido: true }).eq('id', notice.id).select('lido')).data).toEqual([
      { lido: true },
    ]);
    expect((await admin.from('notificacoes').delete().eq('id', notice.id)).error).toBeNull();
    expect(await serviceRow('notificacoes', notice.id)).toMatchObject({ _deleted: true });
  });

  it('itens_venda: owners read theirs, nobody writes them directly', async () => {
    const { row } = sampleRow('vendas');
    const vendaId = randomUUID();
    expect((await a.from('vendas').insert({ id: vendaId, ...row })).error).toBeNull();
    expect((await a.from('itens_venda').select('venda_id, quantidade').eq('venda_id', vendaId)).data).toEqual([
      { venda_id: vendaId, quantidade: 2 },
    ]);
    expect((await b.from('itens_venda').select('id').eq('venda_id', vendaId)).data).toEqual([]);
    expect((await admin.from('itens_venda').select('id').eq('venda_id', vendaId)).data).toHaveLength(1);
    expect((await anon.from('itens_venda').select('id')).data ?? []).toEqual([]);
    expect(
      (
        await a.from('itens_venda').insert({
          venda_id: vendaId,
          user_id: userA,
          produto_id: randomUUID(),
          quantidade: 1,
          preco_unitario: 1,
          preco_total: 1,
          nome_produto: 'X',
        })
      ).error?.code,
    ).toBe('42501');
  });
});

describe('profiles (users)', () => {
  it('owners read and edit only their own harmless fields; the admin reads, edits plans and deletes', async () => {
    expect((await a.from('users').select('id')).data).toEqual([{ id: userA }]);
    expect((await anon.from('users').select('id')).data ?? []).toEqual([]);
    expect((await a.from('users').update({ nome_mercado: 'Mercado A' }).eq('id', userA).select('nome_mercado')).data).toEqual([
      { nome_mercado: 'Mercado A' },
    ]);
    expect((await a.from('users').update({ plano: 'premium' }).eq('id', userA)).error?.code).toBe('42501');
    expect((await b.from('users').update({ nome: 'Hacker' }).eq('id', userA).select()).data).toEqual([]);
    expect((await b.from('users').delete().eq('id', userA).select()).data).toEqual([]);

    const all = await admin.from('users').select('id, nome, nome_mercado').order('nome');
    expect(all.data?.map((row: { id: string }) => row.id)).toEqual(expect.arrayContaining([userA, userB]));
    const edited = await admin
      .from('users')
      .update({ plano: 'premium', data_fim_plano: '2099-01-01T00:00:00+00:00', status_pagamento: 'ativo' })
      .eq('id', userB)
      .select('plano')
      .single();
    expect(edited.data).toEqual({ plano: 'premium' });
    const doomed = await createUser(stack.db);
    expect((await admin.from('users').delete().eq('id', doomed).select('id')).data).toEqual([{ id: doomed }]);
  });
});

describe('admin tables', () => {
  it('system_settings: seeded defaults, admin-only', async () => {
    const settings = await admin.from('system_settings').select('key, value').order('key');
    expect(settings.data).toEqual([
      { key: 'free_plan_limits', value: { products: 50, clients: 100 } },
      { key: 'notification_settings', value: { email_notifications: true, push_notifications: true } },
      { key: 'security_settings', value: { max_login_attempts: 5, lockout_duration: 15, require_2fa: false } },
    ]);
    expect((await a.from('system_settings').select('key')).data).toEqual([]);
    expect(
      (
        await a
          .from('system_settings')
          .update({ value: { products: 9999 } })
          .eq('key', 'free_plan_limits')
          .select()
      ).data,
    ).toEqual([]);
    const updated = await admin
      .from('system_settings')
      .update({
        value: { max_login_attempts: 6, lockout_duration: 15, require_2fa: false },
        updated_at: new Date().toISOString(),
      })
      .eq('key', 'security_settings')
      .select('value');
    expect(updated.data).toEqual([{ value: { max_login_attempts: 6, lockout_duration: 15, require_2fa: false } }]);
  });

  it('blocked_ips: the admin blocks and unblocks, owners and anon see nothing', async () => {
    const blocked = await admin
      .from('blocked_ips')
      .insert({ ip_address: '203.0.113.9', reason: 'força bruta', blocked_by: adminId })
      .select()
      .single();
    expect(blocked.error).toBeNull();
    expect((await admin.from('blocked_ips').insert({ ip_address: 'não é ip' })).error?.code).toBe('23514');
    expect((await a.from('blocked_ips').select('id')).data).toEqual([]);
    expect((await a.from('blocked_ips').insert({ ip_address: '198.51.100.1' })).error?.code).toBe('42501');
    expect((await anon.from('blocked_ips').select('id')).data ?? []).toEqual([]);
    expect(
      (
        await admin
          .from('blocked_ips')
          .delete()
          .eq('id', (blocked.data as { id: string }).id)
          .select('id')
      ).data,
    ).toHaveLength(1);
  });

  it('logs: admin reads them and logs actions; owners neither read nor forge them', async () => {
    const logged = await admin.rpc('log_admin_action', {
      p_action: 'update_setting',
      p_target_type: 'system_settings',
      p_target_id: 'security_settings',
      p_details: { de: 5, para: 6 },
    });
    expect(logged.error).toBeNull();
    const logs = await admin
      .from('admin_logs')
      .select('admin_id, action, details')
      .order('created_at', { ascending: false })
      .limit(5);
    expect(logs.data?.[0]).toEqual({ admin_id: adminId, action: 'update_setting', details: { de: 5, para: 6 } });
    await stack.db.query(`INSERT INTO security_logs (action, ip_address, blocked) VALUES ('login_failed', '203.0.113.9', true)`);
    expect((await admin.from('security_logs').select('action').limit(100)).data).toContainEqual({ action: 'login_failed' });
    for (const table of ['admin_logs', 'security_logs']) {
      expect((await a.from(table).select('id')).data, table).toEqual([]);
      expect((await anon.from(table).select('id')).data ?? [], table).toEqual([]);
    }
    expect((await a.from('admin_logs').insert({ action: 'forjado', admin_id: userA })).error?.code).toBe('42501');
    expect((await a.rpc('log_admin_action', { p_action: 'x', p_target_type: 'y' })).error?.code).toBe('42501');
  });

  it('planos_pagamentos: owners read theirs, the admin reads all, nobody writes over REST', async () => {
    await stack.db.query(
      `INSERT INTO planos_pagamentos (user_id, status, plano, transacao_id) VALUES ($1, 'pago', 'premium', 'tx_a')`,
      [userA],
    );
    expect((await a.from('planos_pagamentos').select('transacao_id')).data).toEqual([{ transacao_id: 'tx_a' }]);
    expect((await b.from('planos_pagamentos').select('transacao_id')).data).toEqual([]);
    expect(
      (await admin.from('planos_pagamentos').select('transacao_id, users(nome, email)').eq('transacao_id', 'tx_a')).data,
    ).toHaveLength(1);
    expect((await a.from('planos_pagamentos').insert({ user_id: userA, status: 'pago' })).error?.code).toBe('42501');
  });

  it('support: owners open tickets and reply; the admin answers, moves status, archives; B sees none of it', async () => {
    // Support is Premium's: A subscribes for this test.
    await stack.db.query(
      `UPDATE public.users SET plano = 'premium', status_pagamento = 'ativo', data_fim_plano = now() + interval '30 days' WHERE id = $1`,
      [userA],
    );
    onTestFinished(async () => {
      await stack.db.query(`UPDATE public.users SET plano = 'free', data_fim_plano = NULL WHERE id = $1`, [userA]);
    });
    const ticket = await a
      .from('support_tickets')
      .insert({ title: 'Não sincroniza', description: 'desde ontem', status: 'closed' })
      .select()
      .single();
    expect(ticket.error).toBeNull();
    const ticketRow = ticket.data as { id: string; status: string; unread_admin: boolean };
    expect(ticketRow).toMatchObject({ status: 'open', unread_admin: true });
    expect((await b.from('support_tickets').select('id')).data).toEqual([]);
    expect(
      (await b.from('support_responses').insert({ ticket_id: ticketRow.id, responder_id: userB, message: 'intruso' })).error
        ?.code,
    ).toBe('42501');
    expect((await a.from('support_tickets').update({ status: 'resolved' }).eq('id', ticketRow.id)).error?.code).toBe('42501');

    const reply = await admin
      .from('support_responses')
      .insert({ ticket_id: ticketRow.id, responder_id: adminId, responder_type: 'user', message: 'Olá! Vamos verificar.' })
      .select('responder_type')
      .single();
    expect(reply.data).toEqual({ responder_type: 'admin' });
    const afterReply = await a.from('support_tickets').select('first_response_at, unread_user').eq('id', ticketRow.id).single();
    expect(afterReply.data).toMatchObject({ unread_user: true });
    expect((afterReply.data as { first_response_at: string | null }).first_response_at).not.toBeNull();
    expect((await a.from('notificacoes').select('tipo').eq('referencia_id', ticketRow.id)).data).toEqual([
      { tipo: 'resposta_suporte' },
    ]);
    expect((await a.from('support_tickets').update({ unread_user: false }).eq('id', ticketRow.id)).error).toBeNull();
    expect(
      (
        await a
          .from('support_responses')
          .insert({ ticket_id: ticketRow.id, responder_id: userA, message: 'Obrigada' })
          .select('responder_type')
          .single()
      ).data,
    ).toEqual({ responder_type: 'user' });
    expect(
      (await a.from('support_responses').select('message').eq('ticket_id', ticketRow.id).order('created_at')).data,
    ).toHaveLength(2);
    expect((await b.from('support_responses').select('id').eq('ticket_id', ticketRow.id)).data).toEqual([]);

    expect((await admin.rpc('mark_ticket_read_admin', { p_ticket_id: ticketRow.id })).error).toBeNull();
    expect((await a.rpc('mark_ticket_read_admin', { p_ticket_id: ticketRow.id })).error?.code).toBe('42501');
    expect((await admin.from('support_tickets').update({ archived: true }).eq('id', ticketRow.id)).error?.code).toBe('23514');
    const closed = await admin
      .from('support_tickets')
      .update({ status: 'closed' })
      .eq('id', ticketRow.id)
      .select('resolved_at, unread_admin')
      .single();
    expect((closed.data as { resolved_at: string | null }).resolved_at).not.toBeNull();
    expect((await admin.from('support_tickets').update({ archived: true }).eq('id', ticketRow.id)).error).toBeNull();
  });
});

describe('RPCs', () => {
  const ADMIN_RPCS: [string, Record<string, unknown>][] = [
    ['count_users', {}],
    ['count_premium_users', {}],
    ['count_products', {}],
    ['count_recent_users', {}],
    ['get_admin_users_with_confirmed', {}],
    ['get_admin_users', {}],
    ['check_sla_violations', {}],
    ['admin_update_user_status', { p_user_id: '00000000-0000-0000-0000-000000000000', p_status: 'suspenso' }],
    ['admin_update_user_plan', { p_user_id: '00000000-0000-0000-0000-000000000000', p_plano: 'premium', p_data_fim_plano: null }],
    ['mark_ticket_read_admin', { p_ticket_id: '00000000-0000-0000-0000-000000000000' }],
    ['log_admin_action', { p_action: 'x', p_target_type: 'y' }],
  ];

  it.each(ADMIN_RPCS)('%s refuses owners and anon (42501)', async (name, args) => {
    expect((await a.rpc(name, args)).error?.code).toBe('42501');
    expect((await anon.rpc(name, args)).error?.code).toBe('42501');
  });

  it('admin counters and user lists', async () => {
    for (const name of ['count_users', 'count_premium_users', 'count_products', 'count_recent_users']) {
      const result: { data: unknown; error: unknown } = await admin.rpc(name);
      expect(result.error, name).toBeNull();
      expect((result.data as { count: number }[])[0]?.count, name).toBeGreaterThanOrEqual(0);
    }
    expect(((await admin.rpc('count_users')).data as { count: number }[])[0]?.count).toBeGreaterThanOrEqual(3);
    const confirmed = await admin.rpc('get_admin_users_with_confirmed');
    expect((confirmed.data as { id: string; email_confirmed: boolean }[]).find((row) => row.id === userA)).toMatchObject({
      email_confirmed: true,
    });
    const list = await admin.rpc('get_admin_users');
    expect(Object.keys((list.data as Record<string, unknown>[])[0] ?? {}).sort()).toEqual(['email', 'id', 'nome', 'plano']);
    expect((await admin.rpc('check_sla_violations')).error).toBeNull();
  });

  it('admin_update_user_plan and admin_update_user_status change the profile', async () => {
    const target = await createUser(stack.db);
    const plan = await admin.rpc('admin_update_user_plan', {
      p_user_id: target,
      p_plano: 'premium',
      p_data_fim_plano: '2099-12-31T00:00:00+00:00',
    });
    expect(plan.data).toMatchObject({ plano: 'premium', data_fim_plano: '2099-12-31T00:00:00+00:00' });
    expect(
      (await admin.rpc('admin_update_user_plan', { p_user_id: target, p_plano: 'free', p_data_fim_plano: null })).data,
    ).toMatchObject({ plano: 'free', data_fim_plano: null });
    expect((await admin.rpc('admin_update_user_status', { p_user_id: target, p_status: 'suspenso' })).data).toMatchObject({
      status_pagamento: 'suspenso',
    });
    expect((await admin.rpc('admin_update_user_status', { p_user_id: target, p_status: 'banido' })).error?.code).toBe('22023');
  });

  it('is_admin tells the truth from the JWT role', async () => {
    expect((await admin.rpc('is_admin')).data).toBe(true);
    expect((await a.rpc('is_admin')).data).toBe(false);
    expect((await anon.rpc('is_admin')).data).toBe(false);
    const byEmail = stack.client(
      await stack.mintUserToken(randomUUID(), { email: 'admin@caderneta.app', user_metadata: { role: 'admin' } }),
    );
    expect((await byEmail.rpc('is_admin')).data).toBe(false);
  });

  it('get_expense_summary: own expenses only, with the spec’s filters', async () => {
    const categoria = randomUUID();
    expect((await a.from('despesa_categorias').insert({ id: categoria, nome: 'Energia', cor: '#ff0000' })).error).toBeNull();
    expect(
      (
        await a.from('despesas').insert([
          { descricao: 'Conta de luz', valor: 100, data: '2025-02-10', categoria_id: categoria },
          { descricao: 'Luz do depósito', valor: 50.5, data: '2025-02-20', categoria_id: categoria },
          { descricao: 'Sacolas', valor: 30, data: '2025-02-15' },
          { descricao: 'Conta antiga', valor: 999, data: '2024-12-01' },
        ])
      ).error,
    ).toBeNull();
    const summary = await a.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: null,
      p_categoria_id: null,
      p_data_de: '2025-02-01',
      p_data_ate: '2025-02-28',
    });
    expect(summary.data).toEqual({
      total_geral: 180.5,
      por_categoria: [
        { nome: 'Energia', cor: '#ff0000', total: 150.5 },
        { nome: 'Sem categoria', cor: '#808080', total: 30 },
      ],
    });
    const filtered = await a.rpc('get_expense_summary', {
      p_user_id: userA,
      p_descricao: 'LUZ',
      p_categoria_id: categoria,
      p_data_de: null,
      p_data_ate: null,
    });
    expect((filtered.data as { total_geral: number }).total_geral).toBe(150.5);
    expect(
      (
        await b.rpc('get_expense_summary', {
          p_user_id: userA,
          p_descricao: null,
          p_categoria_id: null,
          p_data_de: null,
          p_data_ate: null,
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await anon.rpc('get_expense_summary', {
          p_user_id: userA,
          p_descricao: null,
          p_categoria_id: null,
          p_data_de: null,
          p_data_ate: null,
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await admin.rpc('get_expense_summary', {
          p_user_id: userA,
          p_descricao: null,
          p_categoria_id: 'NO_CATEGORY',
          p_data_de: '2025-02-01',
          p_data_ate: null,
        })
      ).data,
    ).toMatchObject({ total_geral: 30 });
  });

  it('device sessions over REST: register, check, sign-out; B cannot end C’s session', async () => {
    const userC = await createUser(stack.db);
    const session = randomUUID();
    const device = stack.client(await stack.mintUserToken(userC, { session_id: session }));
    expect(
      (await device.rpc('register_user_session', { p_session_token: null, p_device_info: 'Chrome Android' })).error,
    ).toBeNull();
    expect((await device.rpc('check_user_session', { p_session_token: null })).data).toBe(true);
    expect((await b.rpc('deactivate_specific_user_session', { p_user_id: userC, p_session_token: session })).error?.code).toBe(
      '42501',
    );
    expect((await anon.rpc('deactivate_specific_user_session', { p_user_id: userC, p_session_token: session })).error?.code).toBe(
      '42501',
    );
    expect((await device.rpc('deactivate_specific_user_session', { p_user_id: userC, p_session_token: session })).data).toBe(
      true,
    );
    expect((await device.rpc('check_user_session', { p_session_token: null })).data).toBe(false);
    expect((await b.from('user_sessions').select('id').eq('session_token', session)).data).toEqual([]);
    expect((await admin.from('user_sessions').select('is_active').eq('session_token', session)).data).toEqual([
      { is_active: false },
    ]);
  });

  it('replication RPCs: B neither pulls A’s rows nor overwrites them; anon may not call them', async () => {
    const id = randomUUID();
    expect((await a.from('clientes').insert({ id, nome: 'Só da A' })).error).toBeNull();
    const pulled = await b.rpc('replicate_pull', { p_table: 'clientes', p_after_modified: null, p_after_id: null, p_limit: 500 });
    expect((pulled.data as { documents: { id: string }[] }).documents.map((doc) => doc.id)).not.toContain(id);
    const pushed = await b.rpc('replicate_push', {
      p_table: 'clientes',
      p_rows: [
        {
          doc: {
            id,
            user_id: userB,
            nome: 'Tomado',
            is_fiado: false,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
          assumed_modified: null,
        },
      ],
    });
    expect((pushed.data as { rejected: { code: string }[] }).rejected).toEqual([expect.objectContaining({ code: '42501' })]);
    expect(await serviceRow('clientes', id)).toMatchObject({ nome: 'Só da A', user_id: userA });
    expect((await anon.rpc('replicate_pull', { p_table: 'clientes' })).error?.code).toBe('42501');
  });
});
