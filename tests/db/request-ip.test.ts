// The address the database records (ip_da_requisicao(): device sessions, admin logs) is the one the front door
// resolved: a caller writing X-Forwarded-For or X-Real-IP itself is recorded at its own address, and only a
// trusted proxy's forwarded address is believed.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
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
