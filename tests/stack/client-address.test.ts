// Who the caller is, by address: SQL sees the address the front door resolved (never what a client wrote in
// X-Forwarded-For or X-Real-IP; behind a trusted proxy, only what the proxies appended), in one spelling, and an
// address an admin blocked is refused on every API (REST, Storage, Functions, Realtime, the mail outbox) and by
// Auth alike, in any spelling; a Realtime socket opened before the block is closed.
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
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
/** Entries written in other spellings: an IPv6 network, and IPv4 addresses written as IPv4-mapped IPv6. */
const BLOCKED_IPV6_NETWORK = '2001:db8:66::/48';
const BLOCKED_MAPPED_HEX = '::ffff:c000:220'; // 192.0.2.32
const BLOCKED_MAPPED_EXPANDED = '0:0:0:0:0:ffff:192.0.2.33';

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

  it('is written one way whatever the spelling: IPv4-mapped IPv6 as IPv4, IPv6 compressed in lower case', async () => {
    for (const [written, seen] of [
      ['::ffff:cb00:7143', ALLOWED],
      ['0:0:0:0:0:ffff:203.0.113.67', ALLOWED],
      ['::FFFF:203.0.113.67', ALLOWED],
      ['2001:DB8:67:0:0:0:0:1', '2001:db8:67::1'],
    ]) {
      expect(rowOf(await clientAt(proxied, from(written ?? '')).rpc('ip_da_requisicao')), written).toBe(seen);
    }
  });
});

describe('blocked addresses are refused on every API', () => {
  beforeAll(async () => {
    // The admin screen blocks through REST: the next request already sees the new list.
    const { error } = await admin.from('blocked_ips').insert([
      { ip_address: BLOCKED, reason: 'abuso' },
      { ip_address: BLOCKED_NETWORK, reason: 'rede suspeita' },
      { ip_address: BLOCKED_IPV6_NETWORK, reason: 'rede IPv6' },
      { ip_address: BLOCKED_MAPPED_HEX, reason: 'escrito em IPv6' },
      { ip_address: BLOCKED_MAPPED_EXPANDED, reason: 'escrito por extenso' },
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

  it('REST and Auth refuse the same callers, however the address or the entry is written', async () => {
    const signIn = (address: string) =>
      clientAt(proxied, from(address)).auth.signInWithPassword({ email: 'ninguem@teste.dev', password: 'caderneta123' });
    for (const address of [
      '::ffff:cb00:7142', // BLOCKED, IPv4-mapped in hex
      '0:0:0:0:0:ffff:203.0.113.66',
      '::FFFF:203.0.113.66',
      '::ffff:c633:6414', // in BLOCKED_NETWORK
      '2001:DB8:66:0:0:0:0:1', // in BLOCKED_IPV6_NETWORK, expanded and upper case
      '2001:db8:66:ffff::abcd',
      '192.0.2.32', // BLOCKED_MAPPED_HEX
      '::ffff:192.0.2.32',
      '192.0.2.33', // BLOCKED_MAPPED_EXPANDED
    ]) {
      expect((await clientAt(proxied, from(address), ownerToken).from('produtos').select('id')).status, address).toBe(403);
      expect((await signIn(address)).error?.code, address).toBe('ip_address_blocked');
    }
    for (const address of ['2001:db8:67::1', '192.0.2.34', '::ffff:c000:222']) {
      expect((await clientAt(proxied, from(address), ownerToken).from('produtos').select('id')).status, address).toBe(200);
      expect((await signIn(address)).error?.code, address).toBe('invalid_credentials');
    }
  });

  describe('a Realtime socket opened before its address is blocked', () => {
    /** A realtime-js client subscribed from `address`; resolves with the server's close of its first socket. */
    async function subscribedFrom(address: string): Promise<{ closed: Promise<number>; refusedAgain: Promise<number> }> {
      const sockets: WebSocket[] = [];
      const headers = from(address);
      class ForwardedWebSocket extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers });
          sockets.push(this);
        }
      }
      const client = createClient(proxied.url, proxied.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: ForwardedWebSocket as unknown as never, reconnectAfterMs: () => 50 },
      });
      await client.realtime.setAuth(ownerToken);
      await new Promise<void>((resolve, reject) => {
        client.channel(`antes-do-bloqueio-${address}`).subscribe((status, error) => {
          if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
          else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR) reject(error ?? new Error(status));
        });
      });
      const [first] = sockets;
      if (!first) throw new Error('realtime-js opened no socket');
      const closed = new Promise<number>((resolve) => {
        first.once('close', (code: number) => {
          resolve(code);
        });
      });
      // realtime-js connects again at once: the front door refuses the new socket's upgrade.
      const refusedAgain = closed.then(
        () =>
          new Promise<number>((resolve) => {
            const check = () => {
              const next = sockets[1];
              if (!next) {
                setImmediate(check);
                return;
              }
              next.once('unexpected-response', (_request, response) => {
                resolve(response.statusCode ?? 0);
                void client.removeAllChannels();
              });
            };
            check();
          }),
      );
      return { closed, refusedAgain };
    }

    it('is closed when an admin blocks it through REST', async () => {
      const address = '203.0.113.80';
      const { closed, refusedAgain } = await subscribedFrom(address);
      expect((await admin.from('blocked_ips').insert({ ip_address: address, reason: 'abuso' })).error).toBeNull();
      expect(await closed).toBe(1008);
      expect(await refusedAgain).toBe(403);
    });

    it('is closed when the block is written in SQL, in another spelling', async () => {
      const { closed, refusedAgain } = await subscribedFrom('203.0.113.81');
      await baseDb.query(`INSERT INTO public.blocked_ips (ip_address, reason) VALUES ('::ffff:cb00:7151', 'por SQL')`);
      expect(await closed).toBe(1008);
      expect(await refusedAgain).toBe(403);
    });
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
