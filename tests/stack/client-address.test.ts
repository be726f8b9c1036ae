// Who the caller is, by address: SQL sees the address the front door resolved (never what a client wrote in
// X-Forwarded-For or X-Real-IP; behind a trusted proxy, only what the proxies appended), and an address an admin
// blocked is refused on every API (REST, Storage, Functions, Realtime, the mail outbox), not only on Auth.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../supabase/local/db/database.ts';
import { BLOCKED_IPS_TTL_MS } from '../../supabase/local/blocked-ips.ts';
import { createUser } from '../db/helpers.ts';
import { createTestDatabase } from '../support/database.ts';
import { rowOf, rowsOf } from '../support/results.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const BLOCKED = '203.0.113.66';
const BLOCKED_NETWORK = '198.51.100.0/24';
const ALLOWED = '203.0.113.67';

/** Counts the statements that read public.blocked_ips (to see that the list is not read per request). */
function countingBlockedListReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const counted: Database = Object.create(db) as Database;
  counted.query = (sql, params) => {
    if (sql.includes('public.blocked_ips')) reads++;
    return db.query(sql, params);
  };
  return { db: counted, reads: () => reads };
}

let baseDb: Database;
let counter: ReturnType<typeof countingBlockedListReads>;
/** The stack behind a load balancer at 127.0.0.1: the test plays the balancer and names the client. */
let proxied: TestStack;
/** The same stack reached directly: nobody's X-Forwarded-For is believed. */
let direct: TestStack;
let admin: ReturnType<typeof clientAt>;
let ownerToken = '';

function clientAt(stack: TestStack, headers: Record<string, string>, token = stack.anonKey) {
  return createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never },
    global: { headers: { ...headers, Authorization: `Bearer ${token}` } },
  });
}

const from = (address: string) => ({ 'x-forwarded-for': address });

beforeAll(async () => {
  baseDb = await createTestDatabase();
  counter = countingBlockedListReads(baseDb);
  proxied = await startTestStack({ db: counter.db, config: { trustedProxies: ['127.0.0.1'] } });
  direct = await startTestStack({ db: baseDb });
  const adminId = await createUser(baseDb);
  admin = clientAt(proxied, {}, await proxied.mintUserToken(adminId, { app_metadata: { provider: 'email', role: 'admin' } }));
  ownerToken = await proxied.mintUserToken(await createUser(baseDb));
});

afterAll(async () => {
  await proxied.close();
  await direct.close();
  await baseDb.close();
});

describe('the address SQL sees (ip_da_requisicao)', () => {
  it('is the peer when the caller writes X-Forwarded-For or X-Real-IP itself', async () => {
    const spoofing = clientAt(direct, { 'x-forwarded-for': '6.6.6.6', 'x-real-ip': '6.6.6.7' });
    expect(rowOf(await spoofing.rpc('ip_da_requisicao'))).toBe('127.0.0.1');
    const realIpOnly = clientAt(direct, { 'x-real-ip': '6.6.6.7' });
    expect(rowOf(await realIpOnly.rpc('ip_da_requisicao'))).toBe('127.0.0.1');
  });

  it('behind a trusted proxy, is the address the proxy appended, not one the client put before it', async () => {
    expect(rowOf(await clientAt(proxied, from('203.0.113.5')).rpc('ip_da_requisicao'))).toBe('203.0.113.5');
    expect(rowOf(await clientAt(proxied, from('6.6.6.6, 203.0.113.5')).rpc('ip_da_requisicao'))).toBe('203.0.113.5');
    // A chain of trusted proxies is walked back to the first address that is not one of them.
    expect(rowOf(await clientAt(proxied, from('6.6.6.6, 203.0.113.5, 127.0.0.1')).rpc('ip_da_requisicao'))).toBe('203.0.113.5');
    // Garbage where the proxy's entry should be proves nothing: the proxy itself is the caller.
    expect(rowOf(await clientAt(proxied, from('6.6.6.6, não-é-ip')).rpc('ip_da_requisicao'))).toBe('127.0.0.1');
  });
});

describe('blocked addresses are refused on every API', () => {
  beforeAll(async () => {
    // The admin screen blocks through REST: the next request already sees the new list.
    const { error } = await admin.from('blocked_ips').insert([
      { ip_address: BLOCKED, reason: 'abuso' },
      { ip_address: BLOCKED_NETWORK, reason: 'rede suspeita' },
    ]);
    expect(error).toBeNull();
  });

  const refusal = { code: 'ip_address_blocked', message: 'Acesso bloqueado para este endereço IP.' };

  it('REST tables and RPCs', async () => {
    for (const address of [BLOCKED, '198.51.100.20']) {
      const client = clientAt(proxied, from(address), ownerToken);
      const read = await client.from('produtos').select('id');
      expect(read.status, address).toBe(403);
      expect(read.error).toMatchObject(refusal);
      expect((await client.rpc('ip_da_requisicao')).status).toBe(403);
    }
    expect(rowsOf(await clientAt(proxied, from(ALLOWED), ownerToken).from('produtos').select('id'))).toEqual([]);
  });

  it('Storage', async () => {
    const blocked = await clientAt(proxied, from(BLOCKED), ownerToken).storage.from('product-images').list('x');
    expect(blocked.error).not.toBeNull();
    const answer = await fetch(`${proxied.url}/storage/v1/object/public/product-images/x/y.png`, { headers: from(BLOCKED) });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject(refusal);
    expect((await clientAt(proxied, from(ALLOWED), ownerToken).storage.from('product-images').list('x')).error).toBeNull();
  });

  it('Edge Functions, including the webhook that needs no key', async () => {
    for (const path of ['/functions/v1/stripe-webhook', '/functions/v1/subscription-status']) {
      const answer = await fetch(`${proxied.url}${path}`, {
        method: 'POST',
        headers: { ...from(BLOCKED), 'stripe-signature': 't=1,v1=00' },
        body: '{}',
      });
      expect(answer.status, path).toBe(403);
      expect(await answer.json()).toMatchObject(refusal);
    }
    const allowed = await fetch(`${proxied.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: from(ALLOWED),
      body: '{}',
    });
    expect(allowed.status).toBe(400); // reaches the function: no Stripe-Signature
  });

  it('the Realtime WebSocket upgrade', async () => {
    const upgrade = (address: string) =>
      new Promise<number>((resolve, reject) => {
        const url = `${proxied.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${proxied.anonKey}&vsn=1.0.0`;
        const socket = new WebSocket(url, { headers: from(address) });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => {
            expect(JSON.parse(body)).toMatchObject(refusal);
            resolve(response.statusCode ?? 0);
          });
        });
        socket.on('error', reject);
      });
    expect(await upgrade(BLOCKED)).toBe(403);
    expect(await upgrade(ALLOWED)).toBe(101);
  });

  it('the mail outbox, and Auth as before', async () => {
    expect((await fetch(`${proxied.url}/mail`, { headers: from(BLOCKED) })).status).toBe(403);
    const signIn = await clientAt(proxied, from(BLOCKED)).auth.signInWithPassword({
      email: 'x@teste.dev',
      password: 'caderneta123',
    });
    expect(signIn.error?.code).toBe('ip_address_blocked');
  });

  it('an unblock through REST lets the address in on its next request', async () => {
    const { error } = await admin.from('blocked_ips').delete().eq('ip_address', BLOCKED);
    expect(error).toBeNull();
    expect((await clientAt(proxied, from(BLOCKED), ownerToken).from('produtos').select('id')).status).toBe(200);
    expect((await clientAt(proxied, from('198.51.100.20'), ownerToken).from('produtos').select('id')).status).toBe(403);
  });

  it('the list is read once per few seconds, not once per request', async () => {
    const started = Date.now();
    const readsBefore = counter.reads();
    const client = clientAt(proxied, from(ALLOWED), ownerToken);
    for (let index = 0; index < 50; index++) expect((await client.from('produtos').select('id')).status).toBe(200);
    const windows = Math.ceil((Date.now() - started) / BLOCKED_IPS_TTL_MS);
    expect(counter.reads() - readsBefore).toBeLessThanOrEqual(windows + 1);
  });
});
