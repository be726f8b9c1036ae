// The admin's notifications against the local stack: every owner's notifications a page of 20 at a time with the
// total, newest first, filtered by type and read status on the server; send to one owner or to every owner in
// one call (one row per owner, admins left out), mark read and delete, each with the server's admin_logs entry;
// the owners' devices pull these changes (a soft delete, a newer updated_at); a non-admin is refused and the
// domain says 'offline' without a connection.
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
const OWNERS = 4;
const owners: string[] = [];
/** 25 seeded notifications: index i is owner i % 4's, read when i % 3 = 0, estoque_baixo when i is even. */
const SEEDED = 25;

interface PulledDoc {
  id: string;
  user_id: string;
  lido: boolean;
  _deleted: boolean;
  _modified: string;
  updated_at: string;
  mensagem: string;
}

/** What the owner's device pulls of notificacoes after a checkpoint. */
async function pull(after?: PulledDoc): Promise<PulledDoc[]> {
  const answer = await ownerClient.rpc('replicate_pull', {
    p_table: 'notificacoes',
    p_after_modified: after?._modified ?? null,
    p_after_id: after?.id ?? null,
  });
  expect(answer.error).toBeNull();
  return (answer.data as { documents: PulledDoc[] }).documents;
}

async function logsOf(action: string) {
  const { rows } = await stack.db.query<{
    admin_id: string;
    target_type: string;
    target_id: string | null;
    details: Record<string, unknown>;
  }>(`SELECT admin_id, target_type, target_id, details FROM public.admin_logs WHERE action = $1 ORDER BY created_at`, [action]);
  return rows;
}

beforeAll(async () => {
  stack = await startTestStack();
  for (let index = 0; index < OWNERS; index += 1) {
    owners.push(await createUser(stack.db, { nome: `Dona ${String(index)}`, nome_mercado: `Mercado ${String(index)}` }));
  }
  adminId = randomUUID();
  adminClient = await adminClientOf(stack, adminId);
  await stack.db.query(`UPDATE auth.users SET raw_app_meta_data = '{"role": "admin"}'::jsonb WHERE id = $1`, [adminId]);
  ownerClient = stack.client(await stack.mintUserToken(owners[1] ?? ''));
  for (let index = 0; index < SEEDED; index += 1) {
    await stack.db.query(
      `INSERT INTO public.notificacoes (user_id, tipo, mensagem, lido, referencia_id, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
      [
        owners[index % OWNERS],
        index % 2 === 0 ? 'estoque_baixo' : 'aviso',
        `Aviso ${String(index).padStart(2, '0')}`,
        index % 3 === 0,
        index % 5 === 0 ? `ref-${String(index)}` : null,
        index,
      ],
    );
  }
  admin = createAdminDomain({ client: () => adminClient, connectivity }).handlers;
});
afterAll(async () => {
  await stack.close();
});

describe('admin notifications', () => {
  it('pages of 20 with the total, newest first, with the owner; past the end the last page', async () => {
    const first = await admin.notificationsPage({});
    expect(first).toMatchObject({ total: SEEDED, page: 1, pages: 2 });
    expect(first.rows.map((row) => row.mensagem)).toEqual(
      Array.from({ length: 20 }, (_, index) => `Aviso ${String(index).padStart(2, '0')}`),
    );
    expect(first.rows[5]).toMatchObject({
      userId: owners[1],
      userName: 'Dona 1',
      userMarket: 'Mercado 1',
      tipo: 'aviso',
      lido: false,
      referenciaId: 'ref-5',
    });
    const second = await admin.notificationsPage({ page: 2 });
    expect(second.rows.map((row) => row.mensagem)).toEqual(['Aviso 20', 'Aviso 21', 'Aviso 22', 'Aviso 23', 'Aviso 24']);
    expect(await admin.notificationsPage({ page: 7 })).toMatchObject({ page: 2, pages: 2, total: SEEDED });
  });

  it('filters by type and read status on the server', async () => {
    const lowStock = await admin.notificationsPage({ tipo: 'estoque_baixo' });
    expect(lowStock.total).toBe(13);
    expect(lowStock.rows.every((row) => row.tipo === 'estoque_baixo')).toBe(true);
    const read = await admin.notificationsPage({ read: 'read' });
    expect(read.total).toBe(9);
    expect(read.rows.every((row) => row.lido)).toBe(true);
    expect((await admin.notificationsPage({ read: 'unread' })).total).toBe(16);
    // Even and a multiple of 3: 0, 6, 12, 18, 24.
    const both = await admin.notificationsPage({ tipo: 'estoque_baixo', read: 'read' });
    expect(both.rows.map((row) => row.mensagem)).toEqual(['Aviso 00', 'Aviso 06', 'Aviso 12', 'Aviso 18', 'Aviso 24']);
    expect((await admin.notificationsPage({ tipo: 'novidade' })).total).toBe(0);
    const refused = await failure(admin.notificationsPage({ tipo: 'outro' as 'aviso' }));
    expect(refused.code).toBe('invalid_input');
    expect(refused.issues[0]).toMatchObject({ field: 'tipo' });
  });

  it('sends to one owner: one row the owner pulls, logged by the server', async () => {
    const before = await pull();
    const sent = await admin.sendNotification({
      tipo: 'promocao',
      userId: owners[1],
      mensagem: '  Promoção de Natal  ',
      referenciaId: ' natal-2026 ',
    });
    expect(sent).toEqual({ count: 1 });
    const pulled = await pull(before.at(-1));
    expect(pulled).toHaveLength(1);
    expect(pulled[0]).toMatchObject({
      user_id: owners[1],
      tipo: 'promocao',
      mensagem: 'Promoção de Natal',
      referencia_id: 'natal-2026',
      lido: false,
      _deleted: false,
    });
    const [entry] = (await logsOf('send_notification')).slice(-1);
    expect(entry).toMatchObject({ admin_id: adminId, target_type: 'user', target_id: owners[1] });
    expect(entry?.details).toMatchObject({ tipo: 'promocao', count: 1 });
    expect((await admin.notificationsPage({})).rows[0]).toMatchObject({ mensagem: 'Promoção de Natal', userName: 'Dona 1' });
  });

  it('sends to all in one call: one row per owner (admins left out), one log entry with the count', async () => {
    const { rows } = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.users`);
    expect(rows[0]?.n).toBe(OWNERS + 1);
    const sent = await admin.sendNotification({ tipo: 'manutencao', userId: '', mensagem: 'Manutenção às 22h' });
    expect(sent).toEqual({ count: OWNERS });
    const { rows: written } = await stack.db.query<{ user_id: string }>(
      `SELECT user_id FROM public.notificacoes WHERE mensagem = 'Manutenção às 22h' ORDER BY user_id`,
    );
    expect(written.map((row) => row.user_id)).toEqual([...owners].sort());
    const [entry] = (await logsOf('send_notification')).slice(-1);
    expect(entry).toMatchObject({ admin_id: adminId, target_type: 'all', target_id: null });
    expect(entry?.details).toMatchObject({ tipo: 'manutencao', count: OWNERS });
    // The owner's device sees its own one only.
    const mine = (await pull()).filter((doc) => doc.mensagem === 'Manutenção às 22h');
    expect(mine.map((doc) => doc.user_id)).toEqual([owners[1]]);
  });

  it('refuses a send without type or message, a system type, and an unknown user', async () => {
    const missing = await failure(admin.sendNotification({ tipo: '' as 'aviso', mensagem: '   ' }));
    expect(missing.code).toBe('invalid_input');
    expect(missing.issues.map((issue) => issue.field).sort()).toEqual(['mensagem', 'tipo']);
    expect((await failure(admin.sendNotification({ tipo: 'estoque_baixo' as 'aviso', mensagem: 'x' }))).code).toBe(
      'invalid_input',
    );
    const direct = await adminClient.rpc('admin_send_notification', { p_tipo: 'estoque_baixo', p_mensagem: 'x' });
    expect(direct.error?.code).toBe('22023');
    expect((await failure(admin.sendNotification({ tipo: 'aviso', mensagem: 'x', userId: randomUUID() }))).code).toBe(
      'not_found',
    );
  });

  it('marks read and deletes: the owner pulls both (newer stamps, a soft delete), each logged', async () => {
    const target = (await admin.notificationsPage({ read: 'unread' })).rows.find((row) => row.userId === owners[1]);
    expect(target).toBeDefined();
    const id = target?.id ?? '';
    const before = (await pull()).find((doc) => doc.id === id);
    expect(before?.lido).toBe(false);
    const checkpoint = (await pull()).at(-1);

    await admin.markNotificationRead({ id });
    const read = (await pull(checkpoint)).find((doc) => doc.id === id);
    expect(read).toMatchObject({ lido: true, _deleted: false });
    expect(Date.parse(read?.updated_at ?? '')).toBeGreaterThan(Date.parse(before?.updated_at ?? ''));
    expect(await logsOf('mark_notification_read')).toEqual([
      expect.objectContaining({ admin_id: adminId, target_type: 'notification', target_id: id }),
    ]);
    // Again: nothing changes and nothing more is logged.
    await admin.markNotificationRead({ id });
    expect(await logsOf('mark_notification_read')).toHaveLength(1);

    const total = (await admin.notificationsPage({})).total;
    await admin.deleteNotification({ id });
    const gone = (await pull(checkpoint)).find((doc) => doc.id === id);
    expect(gone).toMatchObject({ _deleted: true });
    expect(Date.parse(gone?._modified ?? '')).toBeGreaterThan(Date.parse(read?._modified ?? ''));
    expect((await admin.notificationsPage({})).total).toBe(total - 1);
    const [entry] = await logsOf('delete_notification');
    expect(entry).toMatchObject({ admin_id: adminId, target_type: 'notification', target_id: id });
    expect(entry?.details).toMatchObject({ user_id: owners[1] });
    expect((await failure(admin.deleteNotification({ id }))).code).toBe('not_found');
    expect((await failure(admin.markNotificationRead({ id: randomUUID() }))).code).toBe('not_found');
  });

  it('logs the admin REST calls of docs/product.md §7 too: a row per user, update lido, delete; not the server’s own', async () => {
    const sends = (await logsOf('send_notification')).length;
    const inserted = await adminClient
      .from('notificacoes')
      .insert(owners.slice(0, 2).map((user_id) => ({ user_id, tipo: 'novidade', mensagem: 'Novidade: relatórios' })))
      .select('id');
    expect(inserted.error).toBeNull();
    const logged = await logsOf('send_notification');
    expect(logged).toHaveLength(sends + 1);
    expect(logged.at(-1)).toMatchObject({ admin_id: adminId, target_type: 'users', target_id: null });
    expect(logged.at(-1)?.details).toEqual({ tipo: 'novidade', count: 2 });
    // A support reply's notification (a system type) is not a send.
    expect(
      (await adminClient.from('notificacoes').insert({ user_id: owners[0], tipo: 'resposta_suporte', mensagem: 'Oi' })).error,
    ).toBeNull();
    expect(await logsOf('send_notification')).toHaveLength(sends + 1);

    const [first, second] = (inserted.data ?? []).map((row: { id: string }) => row.id);
    const reads = (await logsOf('mark_notification_read')).length;
    expect(
      (
        await adminClient
          .from('notificacoes')
          .update({ lido: true })
          .eq('id', first ?? '')
      ).error,
    ).toBeNull();
    expect((await logsOf('mark_notification_read')).at(-1)).toMatchObject({ target_type: 'notification', target_id: first });
    expect(await logsOf('mark_notification_read')).toHaveLength(reads + 1);
    const deletes = (await logsOf('delete_notification')).length;
    expect(
      (
        await adminClient
          .from('notificacoes')
          .delete()
          .eq('id', second ?? '')
      ).error,
    ).toBeNull();
    expect((await logsOf('delete_notification')).at(-1)).toMatchObject({ target_type: 'notification', target_id: second });
    expect(await logsOf('delete_notification')).toHaveLength(deletes + 1);
    // An owner's own changes are not admin actions.
    const own = (await pull()).find((doc) => !doc.lido && !doc._deleted);
    expect(
      (
        await ownerClient
          .from('notificacoes')
          .update({ lido: true })
          .eq('id', own?.id ?? '')
      ).error,
    ).toBeNull();
    expect(await logsOf('mark_notification_read')).toHaveLength(reads + 1);
  });

  it('lists a send to all once, with its reach; read and delete act on every owner’s row, logged once', async () => {
    const message = 'Novo relatório de vendas';
    const listed = async (query: Parameters<typeof admin.notificationsPage>[0] = {}) =>
      (await admin.notificationsPage(query)).rows.filter((row) => row.mensagem === message);
    const before = (await admin.notificationsPage({})).total;
    await admin.sendNotification({ tipo: 'novidade', userId: '', mensagem: message });
    expect((await admin.notificationsPage({})).total).toBe(before + 1);
    const sent = await listed();
    expect(sent).toEqual([
      expect.objectContaining({ userId: null, tipo: 'novidade', lido: false, reach: { recipients: OWNERS, read: 0 } }),
    ]);
    const id = sent[0]?.id ?? '';
    // One owner reads hers on her device.
    await stack.db.query(`UPDATE public.notificacoes SET lido = true WHERE mensagem = $1 AND user_id = $2`, [message, owners[2]]);
    expect((await listed({ tipo: 'novidade' }))[0]?.reach).toEqual({ recipients: OWNERS, read: 1 });

    const readLogs = (await logsOf('mark_notification_read')).length;
    await admin.markNotificationRead({ id });
    expect(await listed({ read: 'read' })).toEqual([
      expect.objectContaining({ id, lido: true, reach: { recipients: OWNERS, read: OWNERS } }),
    ]);
    expect(await logsOf('mark_notification_read')).toHaveLength(readLogs + 1);

    await admin.deleteNotification({ id });
    expect(await listed()).toEqual([]);
    const { rows } = await stack.db.query<{ live: number }>(
      `SELECT count(*) FILTER (WHERE NOT _deleted)::int AS live FROM public.notificacoes WHERE mensagem = $1`,
      [message],
    );
    expect(rows[0]?.live).toBe(0);
    expect((await logsOf('delete_notification')).filter((entry) => entry.target_type === 'all')).toHaveLength(1);
  });

  it('refuses a non-admin: each RPC with 42501 (anon 401), the domain with forbidden', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['admin_notifications_page', {}],
      ['admin_send_notification', { p_tipo: 'aviso', p_mensagem: 'forjada' }],
      ['admin_mark_notification_read', { p_id: randomUUID() }],
      ['admin_delete_notification', { p_id: randomUUID() }],
    ];
    for (const [name, args] of calls) {
      const refused = await ownerClient.rpc(name, args);
      expect([name, refused.status, refused.error?.code]).toEqual([name, 403, '42501']);
      expect([name, (await stack.client().rpc(name, args)).status]).toEqual([name, 401]);
    }
    const { rows } = await stack.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.notificacoes WHERE mensagem = 'forjada'`,
    );
    expect(rows[0]?.n).toBe(0);
    const owner = createAdminDomain({ client: () => ownerClient, connectivity }).handlers;
    expect((await failure(owner.notificationsPage({}))).code).toBe('forbidden');
    expect((await failure(owner.sendNotification({ tipo: 'aviso', mensagem: 'forjada' }))).code).toBe('forbidden');
  });

  it('refuses offline with DataError offline, and works again online', async () => {
    connectivity.set(false);
    expect((await failure(admin.notificationsPage({}))).code).toBe('offline');
    expect((await failure(admin.sendNotification({ tipo: 'aviso', mensagem: 'x' }))).code).toBe('offline');
    expect((await failure(admin.deleteNotification({ id: randomUUID() }))).code).toBe('offline');
    connectivity.set(true);
    expect((await admin.notificationsPage({})).page).toBe(1);
  });
});
