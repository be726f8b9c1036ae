// The address the database records (ip_da_requisicao(): device sessions, admin logs) is the one the front door
// resolved: a caller writing X-Forwarded-For or X-Real-IP itself is recorded at its own address, and only a
// trusted proxy's forwarded address is believed. The blocked-IP entries the database stores are exactly those
// the stack's matcher and the admin form read (no entry stored and then ignored).
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseIpEntry } from '../../supabase/local/ip-address.ts';
import { isIpOrCidr } from '../../workers/admin/settings-schema.ts';
import { rowOf } from '../support/results.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser } from './helpers.ts';

const SPOOFED = { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.7' };

/** A supabase-js client acting with `token` whose requests carry `headers`. */
function clientWith(stack: TestStack, token: string, headers: Record<string, string>) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { ...headers, Authorization: `Bearer ${token}` } },
  });
}

async function recordedAddresses(stack: TestStack, headers: Record<string, string>): Promise<{ session: unknown; log: unknown }> {
  const [ownerId, adminId] = [await createUser(stack.db), await createUser(stack.db)];
  // A new sign-in of the owner on a phone: its registration records where it came from.
  const owner = clientWith(stack, await stack.mintUserToken(ownerId, { session_id: randomUUID() }), headers);
  rowOf(await owner.rpc('register_user_session', { p_device_info: 'Chrome' }));
  const adminToken = await stack.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } });
  const admin = clientWith(stack, adminToken, headers);
  const logId = rowOf<string>(await admin.rpc('log_admin_action', { p_action: 'teste', p_target_type: 'user' }));
  const session = await stack.db.query<{ ip_address: string }>(
    `SELECT ip_address FROM public.user_sessions WHERE user_id = $1 AND is_active`,
    [ownerId],
  );
  const log = await stack.db.query<{ ip_address: string }>(`SELECT ip_address FROM public.admin_logs WHERE id = $1`, [logId]);
  return { session: session.rows[0]?.ip_address, log: log.rows[0]?.ip_address };
}

describe('the address SQL records', () => {
  let direct: TestStack;
  let behindProxy: TestStack;
  beforeAll(async () => {
    direct = await startTestStack();
    behindProxy = await startTestStack({ config: { trustedProxies: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
  });

  it('is the caller’s own address when the caller writes the forwarding headers', async () => {
    expect(await recordedAddresses(direct, SPOOFED)).toEqual({ session: '127.0.0.1', log: '127.0.0.1' });
  });

  it('is the forwarded address when a trusted proxy sends it', async () => {
    expect(await recordedAddresses(behindProxy, { 'x-forwarded-for': '203.0.113.5' })).toEqual({
      session: '203.0.113.5',
      log: '203.0.113.5',
    });
  });
});

/** Entries an admin might type, each with whether it is an address or a network written strictly. */
const ENTRIES: [string, boolean][] = [
  ['203.0.113.7', true],
  ['198.51.100.0/24', true],
  ['198.51.100.7/24', true],
  ['0.0.0.0/0', true],
  ['2001:db8::/32', true],
  ['2001:DB8::1', true],
  ['2001:db8::1/64', true],
  ['::ffff:7f00:2', true],
  ['0:0:0:0:0:ffff:127.0.0.2', true],
  ['::FFFF:127.0.0.2', true],
  ['::ffff:10.0.0.0/104', true],
  ['::1.2.3.4', true],
  ['1:2:3:4:5:6:1.2.3.4', true],
  ['1:2:3:4:5:6:7::', true],
  ['::', true],
  ['127.000.000.002', false],
  ['127.0.0.02', false],
  ['10.0.0.0/08', false],
  ['10.0.0.0/33', false],
  ['2001:db8::/129', false],
  ['fe80::1%eth0', false],
  ['::ffff:127.000.0.2', false],
  ['0x7f.0.0.1', false],
  ['203.0.113', false],
  [' 203.0.113.7', false],
  ['1::2::3', false],
  ['12345::', false],
  ['1:2:3:4:5:6:7:1.2.3.4', false],
  ['10.0.0.0/', false],
  ['1.2.3.4/8/9', false],
];

describe('what an admin may block', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  it('the database keeps exactly the entries the stack matches and the admin form accepts', async () => {
    const { rows } = await stack.db.query<{ entry: string; valid: boolean }>(
      `SELECT entry, public.ip_valido(entry) AS valid FROM unnest($1::text[]) AS entry`,
      [ENTRIES.map(([entry]) => entry)],
    );
    const verdicts = (judge: (entry: string) => boolean) => Object.fromEntries(ENTRIES.map(([entry]) => [entry, judge(entry)]));
    const expected = Object.fromEntries(ENTRIES);
    expect(Object.fromEntries(rows.map((row) => [row.entry, row.valid]))).toEqual(expected);
    expect(verdicts((entry) => parseIpEntry(entry) !== null)).toEqual(expected);
    expect(verdicts(isIpOrCidr)).toEqual(expected);
  });

  it('an admin writing a loose entry through REST is refused by the check', async () => {
    const adminToken = await stack.mintUserToken(await createUser(stack.db), {
      app_metadata: { provider: 'email', role: 'admin' },
    });
    const admin = clientWith(stack, adminToken, {});
    for (const entry of ['127.000.000.002', '10.0.0.0/08']) {
      const { error } = await admin.from('blocked_ips').insert({ ip_address: entry });
      expect(error?.code, entry).toBe('23514');
    }
    expect((await admin.from('blocked_ips').insert({ ip_address: '::ffff:7f00:2' })).error).toBeNull();
  });

  it('the migration rewrites loose entries stored before it in their strict spelling', async () => {
    await stack.db.exec(`ALTER TABLE public.blocked_ips DROP CONSTRAINT blocked_ips_ip_valido`);
    await stack.db.query(
      `INSERT INTO public.blocked_ips (ip_address, reason) VALUES
         ('127.000.000.003', 'solto'), ('10.0.0.0/08', 'solto'),
         ('198.51.100.20', 'estrito'), ('198.051.100.020', 'repetido'),
         ('192.0.2.010', 'primeiro'), ('192.000.2.10', 'segundo')`,
    );
    await stack.db.exec(
      await readFile(new URL('../../supabase/migrations/0019_strict_blocked_ip_entries.sql', import.meta.url), 'utf8'),
    );
    await stack.db.exec(
      `ALTER TABLE public.blocked_ips ADD CONSTRAINT blocked_ips_ip_valido CHECK (public.ip_valido(ip_address))`,
    );
    const { rows } = await stack.db.query<{ ip_address: string; reason: string }>(
      `SELECT ip_address, reason FROM public.blocked_ips WHERE reason IN ('solto', 'estrito', 'repetido', 'primeiro', 'segundo')
        ORDER BY ip_address`,
    );
    expect(rows).toHaveLength(4);
    expect(rows.map((row) => row.ip_address)).toEqual(['10.0.0.0/8', '127.0.0.3', '192.0.2.10', '198.51.100.20']);
    expect(rows.find((row) => row.ip_address === '198.51.100.20')?.reason).toBe('estrito');
  });
});
