// The non-admin refusal matrix of the admin area, one row per call, against the local stack with supabase-js:
// every admin RPC refuses an owner with 403 / 42501 and anon with 401 (the list must equal what the catalogue holds:
// each public function that starts with exigir_admin() or is named admin_* / get_admin_* / count_*, so a new admin
// RPC fails this file until it has its row); every admin table refuses an owner's reads and writes over REST (none of another's rows seen, every
// write refused or changing nothing, anon refused); and over Realtime an owner subscribed to each admin table
// receives none of the admin's changes (those tables are not published at all, except support tickets: published so
// each owner's own thread is live, with row-level security keeping every other owner's changes from her).
import { randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from '../db/helpers.ts';

let stack: TestStack;
let ownerA: string;
let ownerB: string;
let adminId: string;
let b: SupabaseClient;
let anon: SupabaseClient;

/** Every admin call: docs/product.md §7's and the ones the admin pages added. */
const ADMIN_RPCS = [
  'count_users',
  'count_premium_users',
  'count_products',
  'count_recent_users',
  'get_admin_users_with_confirmed',
  'get_admin_users',
  'admin_update_user_plan',
  'admin_update_user_status',
  'admin_suspend_user',
  'admin_count_notification_recipients',
  'admin_monthly_revenue',
  'log_admin_action',
  'check_sla_violations',
  'mark_ticket_read_admin',
  'admin_users_page',
  'admin_delete_user',
  'admin_products_page',
  'admin_product_categories',
  'admin_product_owners',
  'admin_delete_product',
  'admin_sales_page',
  'admin_payments_page',
  'admin_payments_stats',
  'admin_notifications_page',
  'admin_send_notification',
  'admin_mark_notification_read',
  'admin_delete_notification',
];

interface AdminRpc {
  name: string;
  /** Required arguments (name → a value of its type). */
  args: Record<string, unknown>;
}

/** A harmless value of a Postgres input type, so PostgREST finds the function and the refusal is the function's. */
function sampleOf(type: string): unknown {
  if (type === 'uuid') return randomUUID();
  if (type === 'text' || type === 'character varying') return 'x';
  if (['integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real'].includes(type)) return 1;
  if (type === 'boolean') return false;
  if (type === 'timestamp with time zone' || type === 'timestamp without time zone') return '2026-01-01T00:00:00Z';
  if (type === 'date') return '2026-01-01';
  if (type === 'jsonb' || type === 'json') return {};
  if (type.endsWith('[]')) return [];
  throw new Error(`no sample for the argument type ${type}: add one`);
}

async function adminRpcs(): Promise<AdminRpc[]> {
  const { rows } = await stack.db.query<{ name: string; identity: string; required: number }>(
    `SELECT p.proname AS name, pg_catalog.pg_get_function_identity_arguments(p.oid) AS identity,
            (p.pronargs - p.pronargdefaults)::int AS required
       FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname <> 'exigir_admin'
        AND (p.prosrc LIKE '%exigir_admin()%' OR p.proname ~ '^(admin_|get_admin_|count_)')
      ORDER BY p.proname, identity`,
  );
  return rows.map((row) => {
    const args: Record<string, unknown> = {};
    const parameters = row.identity === '' ? [] : row.identity.split(', ');
    for (const parameter of parameters.slice(0, row.required)) {
      const space = parameter.indexOf(' ');
      args[parameter.slice(0, space)] = sampleOf(parameter.slice(space + 1));
    }
    return { name: row.name, args };
  });
}

interface AdminTable {
  table: string;
  /** A row that is not B's, made by the service role; its id. */
  seed(): Promise<string>;
  /** What B tries to insert. */
  insert(): Record<string, unknown>;
  /** A column B tries to change on the seeded row. */
  column: string;
}

/** Admin tables published all the same: an owner's own support ticket changes reach her live (RLS filters them). */
const PUBLISHED_WITH_RLS: readonly string[] = ['support_tickets'];

let ticketA = '';

const ADMIN_TABLES: AdminTable[] = [
  {
    table: 'system_settings',
    seed: async () => (await one(`SELECT id FROM public.system_settings ORDER BY key LIMIT 1`)).id,
    insert: () => ({ key: `forjada_${randomUUID()}`, value: {} }),
    column: 'description',
  },
  {
    table: 'blocked_ips',
    seed: async () =>
      (await one(`INSERT INTO public.blocked_ips (ip_address, reason) VALUES ('198.51.100.77', 'abuso') RETURNING id`)).id,
    insert: () => ({ ip_address: '192.0.2.1', reason: 'forjado' }),
    column: 'reason',
  },
  {
    table: 'admin_logs',
    seed: async () =>
      (await one(`INSERT INTO public.admin_logs (admin_id, action) VALUES ($1, 'update_user') RETURNING id`, [adminId])).id,
    insert: () => ({ action: 'forjado', admin_id: ownerB }),
    column: 'action',
  },
  {
    table: 'security_logs',
    seed: async () =>
      (
        await one(
          `INSERT INTO public.security_logs (action, ip_address, user_id) VALUES ('login_failed', '203.0.113.9', $1) RETURNING id`,
          [ownerA],
        )
      ).id,
    insert: () => ({ action: 'forjado' }),
    column: 'action',
  },
  {
    table: 'planos_pagamentos',
    seed: async () =>
      (
        await one(
          `INSERT INTO public.planos_pagamentos (user_id, status, transacao_id) VALUES ($1, 'pendente', $2) RETURNING id`,
          [ownerA, randomUUID()],
        )
      ).id,
    insert: () => ({ user_id: ownerB, status: 'pago', plano: 'premium' }),
    column: 'status',
  },
  {
    table: 'support_tickets',
    seed: async () => {
      ticketA = (
        await one(`INSERT INTO public.support_tickets (user_id, title) VALUES ($1, 'Ajuda da A') RETURNING id`, [ownerA])
      ).id;
      return ticketA;
    },
    insert: () => ({ user_id: ownerA, title: 'Em nome da A' }),
    column: 'title',
  },
  {
    table: 'support_responses',
    seed: async () =>
      (
        await one(
          `INSERT INTO public.support_responses (ticket_id, responder_id, responder_type, message) VALUES ($1, $2, 'admin', 'Olá') RETURNING id`,
          [ticketA, adminId],
        )
      ).id,
    insert: () => ({ ticket_id: ticketA, message: 'Intromissão' }),
    column: 'message',
  },
  {
    table: 'users',
    seed: () => Promise.resolve(ownerA),
    insert: () => ({ id: randomUUID(), nome: 'Forjado' }),
    column: 'nome',
  },
  {
    table: 'user_sessions',
    seed: async () => (await one(`SELECT id FROM public.user_sessions WHERE user_id = $1 LIMIT 1`, [ownerA])).id,
    insert: () => ({ user_id: ownerA, session_token: 'forjada' }),
    column: 'session_token',
  },
];

async function one(sql: string, params: unknown[] = []): Promise<{ id: string }> {
  const { rows } = await stack.db.query<{ id: string }>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
}

async function valueOf(table: string, column: string, id: string): Promise<unknown> {
  const { rows } = await stack.db.query<{ value: unknown }>(
    `SELECT ${column}::text AS value FROM public.${table} WHERE id = $1`,
    [id],
  );
  return rows[0]?.value;
}

/** A refusal over REST: an error with 401/403/42501 (a row-level security violation of an insert is 42501 too). */
function expectRefused(answer: { error: { code?: string } | null; status: number }): void {
  expect(answer.error).not.toBeNull();
  expect([401, 403].includes(answer.status) || answer.error?.code === '42501').toBe(true);
}

const seeded = new Map<string, string>();

beforeAll(async () => {
  stack = await startTestStack();
  [ownerA, ownerB, adminId] = [await createUser(stack.db), await createUser(stack.db), await createUser(stack.db)];
  await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } });
  b = stack.client(await stack.mintUserToken(ownerB));
  anon = stack.client();
  for (const entry of ADMIN_TABLES) seeded.set(entry.table, await entry.seed());
});
afterAll(async () => {
  await stack.close();
});

describe('admin RPCs refuse a non-admin', () => {
  it('the matrix lists exactly the admin calls the database holds', async () => {
    expect([...new Set((await adminRpcs()).map((rpc) => rpc.name))].sort()).toEqual([...ADMIN_RPCS].sort());
  });

  it.each(ADMIN_RPCS)('%s: an owner gets 403 / 42501, anon 401', async (name) => {
    const overloads = (await adminRpcs()).filter((rpc) => rpc.name === name);
    expect(overloads.length).toBeGreaterThan(0);
    for (const rpc of overloads) {
      const owner = await b.rpc(rpc.name, rpc.args);
      expect([owner.status, owner.error?.code]).toEqual([403, '42501']);
      expect((await anon.rpc(rpc.name, rpc.args)).status).toBe(401);
    }
  });
});

describe.each(ADMIN_TABLES.map((entry) => [entry.table, entry] as const))('%s over REST', (table, entry) => {
  it('an owner sees none of the rows that are not hers, and anon is refused', async () => {
    const id = seeded.get(table) ?? '';
    const read = await b.from(table).select('*');
    if (read.error) expectRefused(read);
    else {
      const foreign = (read.data as { id?: string; user_id?: string }[]).filter(
        (row) =>
          row.id === id || (row.user_id !== undefined && row.user_id !== ownerB) || (table === 'users' && row.id !== ownerB),
      );
      expect(foreign).toEqual([]);
    }
    const byId = await b.from(table).select('*').eq('id', id);
    expect(byId.error ? 'refused' : byId.data).toSatisfy(
      (value: unknown) => value === 'refused' || (Array.isArray(value) && value.length === 0),
    );
    expectRefused(await anon.from(table).select('*'));
  });

  it('an owner can neither insert, change nor delete them', async () => {
    const id = seeded.get(table) ?? '';
    const before = await valueOf(table, entry.column, id);
    expect(before).not.toBeUndefined();
    expectRefused(await b.from(table).insert(entry.insert()));
    const changed = await b
      .from(table)
      .update({ [entry.column]: 'forjado' })
      .eq('id', id)
      .select('id');
    if (!changed.error) expect(changed.data).toEqual([]);
    const removed = await b.from(table).delete().eq('id', id).select('id');
    if (!removed.error) expect(removed.data).toEqual([]);
    expect(await valueOf(table, entry.column, id)).toEqual(before);
    expectRefused(await anon.from(table).insert(entry.insert()));
  });
});

describe('admin tables over Realtime', () => {
  it('none is published, and an owner subscribed to each receives none of the admin’s changes', async () => {
    const { rows } = await stack.db.query<{ tablename: string }>(
      `SELECT tablename FROM pg_catalog.pg_publication_tables WHERE pubname = 'supabase_realtime'`,
    );
    const published = rows.map((row) => row.tablename);
    for (const entry of ADMIN_TABLES.filter((item) => !PUBLISHED_WITH_RLS.includes(item.table)))
      expect(published, entry.table).not.toContain(entry.table);
    for (const table of PUBLISHED_WITH_RLS) expect(published, table).toContain(table);

    const client = stack.client(await stack.mintUserToken(ownerB));
    void client.realtime.setAuth(await stack.mintUserToken(ownerB));
    const received: { table: string; id: unknown }[] = [];
    let channel = client.channel('admin-tables');
    for (const entry of [...ADMIN_TABLES.map((item) => item.table), 'notificacoes']) {
      channel = channel.on('postgres_changes', { event: '*', schema: 'public', table: entry }, (payload) => {
        const row = (payload.eventType === 'DELETE' ? payload.old : payload.new) as { id?: unknown };
        received.push({ table: entry, id: row.id });
      });
    }
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
        else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT)
          reject(error ?? new Error(status));
      });
    });

    // The admin changes every admin table (through REST, as the admin pages do, and as the server does).
    const admin = stack.client(await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
    expect((await admin.from('blocked_ips').insert({ ip_address: '192.0.2.50', reason: 'teste' })).error).toBeNull();
    expect(
      (
        await admin
          .from('system_settings')
          .update({ description: 'alterada' })
          .eq('id', seeded.get('system_settings') ?? '')
      ).error,
    ).toBeNull();
    expect(
      (await admin.rpc('log_admin_action', { p_action: 'teste', p_target_type: 'user', p_target_id: ownerA, p_details: {} }))
        .error,
    ).toBeNull();
    expect((await admin.from('support_tickets').update({ status: 'in_progress' }).eq('id', ticketA)).error).toBeNull();
    expect((await admin.from('support_responses').insert({ ticket_id: ticketA, message: 'Resposta' })).error).toBeNull();
    expect((await admin.from('users').update({ nome: 'Dona A' }).eq('id', ownerA)).error).toBeNull();
    await stack.db.query(`INSERT INTO public.security_logs (action, user_id) VALUES ('login_failed', $1)`, [ownerA]);
    await stack.db.query(`UPDATE public.planos_pagamentos SET status = 'pago' WHERE user_id = $1`, [ownerA]);

    // Changes reach subscribers in commit order: once B's own later change arrived, every earlier one was offered.
    const sentinel = randomUUID();
    await stack.db.query(
      `INSERT INTO public.notificacoes (id, user_id, tipo, mensagem) VALUES ($1, $2, 'sistema', 'sentinela')`,
      [sentinel, ownerB],
    );
    for (let waited = 0; !received.some((event) => event.id === sentinel); waited += 20) {
      if (waited > 5000) throw new Error('B’s own change never arrived');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(received.filter((event) => event.table !== 'notificacoes')).toEqual([]);
    // The admin's reply made A a 'resposta_suporte' notification: not B's, so B never hears of it either.
    expect(received.filter((event) => event.id !== sentinel)).toEqual([]);
    await client.removeAllChannels();
  });
});
