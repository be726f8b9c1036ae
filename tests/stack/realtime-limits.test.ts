// Per-socket caps of Realtime, as Supabase Realtime refuses them: channels per socket, postgres_changes bindings
// per channel and per socket, and joins per second (on an injected clock), over the raw Phoenix protocol and
// through realtime-js; and its tenant limits counted per user and per address (sockets, and the channels and
// bindings of all of a user's sockets), so that one owner's flood of sockets cannot slow everyone's deliveries.
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type StackConfig } from '../../supabase/local/config.ts';
import type { Database } from '../../supabase/local/db/database.ts';
import { listen, type HttpFrontDoor } from '../../supabase/local/http.ts';
import { createRealtimeService, type RealtimeService } from '../../supabase/local/realtime/service.ts';
import { createTestDatabase } from '../support/database.ts';

let db: Database;
let config: StackConfig;
let realtime: RealtimeService;
let door: HttpFrontDoor;
/** The join-rate clock: tests move it by hand. */
let clock = 1_000_000;

interface Reply {
  status: string;
  response: Record<string, unknown>;
}

/** One socket speaking Phoenix vsn 2.0.0 frames, as realtime-js does. */
interface PhoenixSocket {
  join(topic: string, bindings?: readonly Record<string, unknown>[]): Promise<Reply>;
  leave(topic: string): Promise<Reply>;
  closed: Promise<void>;
  close(): void;
}

const sockets: PhoenixSocket[] = [];

async function openSocket(): Promise<PhoenixSocket> {
  const ws = new WebSocket(`${config.publicUrl}/realtime/v1/websocket?apikey=${config.anonKey}&vsn=2.0.0`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  const waiting = new Map<string, (reply: Reply) => void>();
  ws.on('message', (data: Buffer) => {
    const [, ref, , event, payload] = JSON.parse(data.toString()) as [string | null, string | null, string, string, Reply];
    if (event === 'phx_reply' && ref) waiting.get(ref)?.(payload);
  });
  const closed = new Promise<void>((resolve) =>
    ws.once('close', () => {
      resolve();
    }),
  );
  let ref = 0;
  const push = (topic: string, event: string, payload: Record<string, unknown>) =>
    new Promise<Reply>((resolve, reject) => {
      ref += 1;
      const id = String(ref);
      waiting.set(id, resolve);
      void closed.then(() => {
        reject(new Error(`socket closed before the reply to ${event} ${topic}`));
      });
      ws.send(JSON.stringify([id, id, topic, event, payload]));
    });
  const socket: PhoenixSocket = {
    join: (topic, bindings = []) => push(topic, 'phx_join', { config: { postgres_changes: bindings } }),
    leave: (topic) => push(topic, 'phx_leave', {}),
    closed,
    close: () => {
      ws.close();
    },
  };
  sockets.push(socket);
  return socket;
}

const binding = (index: number) => ({ event: '*', schema: 'public', table: 'notificacoes', filter: `referencia_id=eq.${index}` });
const bindings = (count: number) => Array.from({ length: count }, (_, index) => binding(index));

beforeAll(async () => {
  db = await createTestDatabase();
  config = await loadConfig({}, { port: 0, dataDir: undefined });
  realtime = createRealtimeService({ db, config }, { now: () => clock });
  await realtime.start();
  door = await listen([realtime], 0);
  config.publicUrl = `http://127.0.0.1:${door.port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await realtime.close();
  await door.close();
  await db.close();
});

async function userToken(sub: string): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(config.jwtSecret));
}

/** realtime-js's WebSocket transport arriving from `address` through a trusted proxy (or directly, without one). */
function transportFrom(address: string | null): new (url: string, protocols?: string | string[]) => WebSocket {
  if (address === null) return WebSocket;
  const headers = { 'x-forwarded-for': address };
  return class ForwardedWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
    }
  };
}

interface Device {
  client: SupabaseClient;
  /** Joins a channel with `bindings` postgres_changes bindings: 'ok' or Realtime's reason (the channel then removed). */
  join(name: string, bindings?: number): Promise<string>;
  /** Leaves every channel and closes the socket (realtime-js waits for each leave's reply). */
  close(): Promise<void>;
}

const devices: Device[] = [];

/** One realtime-js socket (a tab of the app) at `url`, signed in as `sub`, from `address`. */
async function device(url: string, sub: string, address: string | null = null): Promise<Device> {
  const client = createClient(url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: transportFrom(address) as unknown as never },
  });
  await client.realtime.setAuth(await userToken(sub));
  const opened: Device = {
    client,
    async join(name, count = 1) {
      let channel = client.channel(name);
      for (let index = 0; index < count; index++) {
        channel = channel.on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'notificacoes', filter: `referencia_id=eq.${index}` },
          () => undefined,
        );
      }
      const outcome = await new Promise<string>((resolve) => {
        channel.subscribe((status, error) => {
          if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve('ok');
          else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR) resolve(error?.message ?? 'error');
        });
      });
      // realtime-js would try a refused join again and again.
      if (outcome !== 'ok') await client.removeChannel(channel);
      return outcome;
    },
    async close() {
      await client.removeAllChannels();
      await client.realtime.disconnect();
    },
  };
  devices.push(opened);
  return opened;
}

afterAll(async () => {
  for (const opened of devices) await opened.close();
});

const TOO_MANY_CONNECTED = 'ConnectionRateLimitReached: Too many connected users';

describe('realtime socket limits', () => {
  it('lets one socket join 100 channels and refuses the 101st with ChannelRateLimitReached', async () => {
    const socket = await openSocket();
    clock += 1000;
    for (let index = 0; index < 100; index++)
      expect((await socket.join(`realtime:c${index}`, [binding(index)])).status).toBe('ok');
    clock += 1000;
    expect(await socket.join('realtime:c100', [binding(100)])).toEqual({
      status: 'error',
      response: { reason: 'ChannelRateLimitReached: Too many channels' },
    });
    // Joining a topic again replaces it; leaving one makes room.
    expect((await socket.join('realtime:c5', [binding(5)])).status).toBe('ok');
    expect((await socket.leave('realtime:c0')).status).toBe('ok');
    expect((await socket.join('realtime:c100', [binding(100)])).status).toBe('ok');
  });

  it('caps bindings at 100 per channel and 1000 per socket', async () => {
    const socket = await openSocket();
    clock += 1000;
    const refused = { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many postgres_changes bindings' } };
    expect(await socket.join('realtime:grande', bindings(101))).toEqual(refused);
    for (let index = 0; index < 10; index++) expect((await socket.join(`realtime:b${index}`, bindings(100))).status).toBe('ok');
    expect(await socket.join('realtime:mais-uma', bindings(1))).toEqual(refused);
    // Rejoining a topic counts its new bindings instead of the old ones.
    expect((await socket.join('realtime:b0', bindings(100))).status).toBe('ok');
    expect((await socket.join('realtime:b1', bindings(50))).status).toBe('ok');
    expect((await socket.join('realtime:mais-uma', bindings(50))).status).toBe('ok');
  });

  it('refuses the 101st join within one second with ClientJoinRateLimitReached and disconnects', async () => {
    const socket = await openSocket();
    clock += 1000;
    for (let index = 0; index < 50; index++) {
      expect((await socket.join(`realtime:r${index}`)).status).toBe('ok');
      expect((await socket.leave(`realtime:r${index}`)).status).toBe('ok');
    }
    for (let index = 0; index < 50; index++) expect((await socket.join(`realtime:s${index}`)).status).toBe('ok');
    expect(await socket.join('realtime:demais')).toEqual({
      status: 'error',
      response: { reason: 'ClientJoinRateLimitReached: Too many joins per second' },
    });
    await socket.closed;

    // The window slides: a second after 100 joins, 100 more are welcome, and not one more.
    const next = await openSocket();
    for (let index = 0; index < 100; index++) expect((await next.join(`realtime:t${index % 10}`)).status).toBe('ok');
    clock += 999;
    const late = await openSocket();
    expect((await late.join('realtime:t0')).status).toBe('ok');
    clock += 1;
    for (let index = 0; index < 100; index++) expect((await next.join(`realtime:t${index % 10}`)).status).toBe('ok');
    expect((await next.join('realtime:t0')).response).toEqual({
      reason: 'ClientJoinRateLimitReached: Too many joins per second',
    });
  });

  it('reaches realtime-js as CHANNEL_ERROR with Realtime’s reason', async () => {
    const client = createClient(config.publicUrl, config.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as never },
    });
    clock += 1000;
    try {
      const outcomes: string[] = [];
      for (let index = 0; index <= 100; index++) {
        // The 101st join comes a second later: it meets the channel cap, not the join rate.
        if (index === 100) clock += 1000;
        const channel = client.channel(`js-${index}`);
        outcomes.push(
          await new Promise<string>((resolve) => {
            channel.subscribe((status, error) => {
              if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve('ok');
              else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR) resolve(error?.message ?? 'error');
            });
          }),
        );
      }
      expect(outcomes.slice(0, 100).every((outcome) => outcome === 'ok')).toBe(true);
      expect(outcomes[100]).toBe('ChannelRateLimitReached: Too many channels');
    } finally {
      await client.removeAllChannels();
    }
  });
});

describe('tenant limits per user and per address', () => {
  it('the defaults refuse one owner’s flood past 10 sockets, 100 channels and 1000 bindings in all', async () => {
    const owner = 'dono-inundando';
    clock += 1000;
    const tabs: Device[] = [];
    for (let index = 0; index < 10; index++) {
      const tab = await device(config.publicUrl, owner);
      expect(await tab.join(`aba-${index}`, 10)).toBe('ok');
      tabs.push(tab);
    }
    expect(await (await device(config.publicUrl, owner)).join('aba-demais', 1)).toBe(TOO_MANY_CONNECTED);
    // Another owner on the same address is not held back.
    expect(await (await device(config.publicUrl, 'outro-dono')).join('vizinho', 10)).toBe('ok');

    // Spread over its ten sockets, the owner holds at most 100 channels and 1000 bindings.
    for (let index = 10; index < 100; index++) expect(await tabs[index % 10]?.join(`aba-${index}`, 10)).toBe('ok');
    clock += 1000;
    expect(await tabs[0]?.join('canal-demais', 1)).toBe('ChannelRateLimitReached: Too many channels');
    const first = tabs[1]?.client.getChannels().find((channel) => channel.subTopic === 'aba-1');
    if (first) await tabs[1]?.client.removeChannel(first);
    expect(await tabs[1]?.join('ligacoes-demais', 11)).toBe('ChannelRateLimitReached: Too many postgres_changes bindings');
    expect(await tabs[1]?.join('ligacoes-de-volta', 10)).toBe('ok');
    for (const tab of tabs) await tab.close();
  });

  describe('set small', () => {
    let limited: RealtimeService;
    let limitedDoor: HttpFrontDoor;
    let url = '';

    beforeAll(async () => {
      limited = createRealtimeService(
        { db, config },
        {
          limits: { maxSocketsPerUser: 2, maxSocketsPerIp: 3, maxChannelsPerUser: 3, maxBindingsPerUser: 4, idleTimeoutMs: 300 },
        },
      );
      // Behind a proxy at 127.0.0.1, each test names the address its sockets come from.
      limitedDoor = await listen([limited], 0, { trustedProxies: ['127.0.0.1'] });
      url = `http://127.0.0.1:${limitedDoor.port}`;
    });

    afterAll(async () => {
      await limited.close();
      await limitedDoor.close();
    });

    it('refuses a user’s third socket with ConnectionRateLimitReached, from any address, until one closes', async () => {
      const phone = await device(url, 'dona-ana', '192.0.2.1');
      const tablet = await device(url, 'dona-ana', '192.0.2.2');
      expect(await phone.join('celular')).toBe('ok');
      expect(await tablet.join('tablet')).toBe('ok');
      const computer = await device(url, 'dona-ana', '192.0.2.3');
      expect(await computer.join('computador')).toBe(TOO_MANY_CONNECTED);
      // A socket already counted joins more; another user at the same address is not held back.
      expect(await phone.join('celular-2', 0)).toBe('ok');
      expect(await (await device(url, 'seu-joao', '192.0.2.3')).join('joao')).toBe('ok');

      await tablet.close();
      expect(await computer.join('computador')).toBe('ok');
      for (const opened of [phone, computer]) await opened.close();
    });

    it('refuses an address’s fourth socket, whoever signs in, and not another address’s', async () => {
      const shop = '198.51.100.7';
      const opened: Device[] = [];
      for (const user of ['loja-a', 'loja-b', 'loja-c']) {
        const tab = await device(url, user, shop);
        expect(await tab.join(`canal-${user}`)).toBe('ok');
        opened.push(tab);
      }
      expect(await (await device(url, 'loja-d', shop)).join('canal-loja-d')).toBe(TOO_MANY_CONNECTED);
      expect(await (await device(url, 'loja-d', '198.51.100.8')).join('canal-loja-d')).toBe('ok');
      for (const tab of opened) await tab.close();
    });

    it('sums one user’s channels and bindings over all its sockets', async () => {
      const phone = await device(url, 'dona-rita', '203.0.113.1');
      const tablet = await device(url, 'dona-rita', '203.0.113.2');
      expect(await phone.join('a', 2)).toBe('ok');
      expect(await tablet.join('b', 2)).toBe('ok');
      expect(await tablet.join('c', 1)).toBe('ChannelRateLimitReached: Too many postgres_changes bindings');
      expect(await tablet.join('c', 0)).toBe('ok');
      expect(await phone.join('d', 0)).toBe('ChannelRateLimitReached: Too many channels');
      for (const opened of [phone, tablet]) await opened.close();
    });

    it('counts a channel for the user of its newest access token', async () => {
      const first = await device(url, 'dona-lia', '203.0.113.10');
      const second = await device(url, 'dona-lia', '203.0.113.11');
      expect(await first.join('um')).toBe('ok');
      expect(await second.join('dois')).toBe('ok');
      // A third socket joined as someone else, then handed dona-lia's token: her third socket, so its channel closes.
      const third = await device(url, 'outra-pessoa', '203.0.113.12');
      expect(await third.join('tres')).toBe('ok');
      const channel = third.client.getChannels()[0];
      const closed = new Promise<void>((resolve) =>
        channel?.on('system', {}, (payload: { message?: string }) => {
          if (payload.message === TOO_MANY_CONNECTED) resolve();
        }),
      );
      await third.client.realtime.setAuth(await userToken('dona-lia'));
      await closed;
      for (const opened of [first, second, third]) await opened.close();
    });

    it('closes a socket that stays silent past the idle timeout, freeing its place', async () => {
      const ws = new WebSocket(`${url}/realtime/v1/websocket?apikey=${config.anonKey}&vsn=2.0.0`, {
        headers: { 'x-forwarded-for': '203.0.113.20' },
      });
      const closed = new Promise<void>((resolve) => {
        ws.once('close', () => {
          resolve();
        });
      });
      await new Promise<void>((resolve, reject) => {
        ws.once('open', () => {
          resolve();
        });
        ws.once('error', reject);
      });
      const joined = new Promise<void>((resolve) => {
        ws.once('message', () => {
          resolve();
        });
      });
      ws.send(
        JSON.stringify(['1', '1', 'realtime:mudo', 'phx_join', { config: {}, access_token: await userToken('dona-zica') }]),
      );
      await joined;
      // No heartbeat follows: a phone whose network dropped without closing.
      await closed;
      const phone = await device(url, 'dona-zica', '203.0.113.21');
      const tablet = await device(url, 'dona-zica', '203.0.113.22');
      expect(await phone.join('celular')).toBe('ok');
      expect(await tablet.join('tablet')).toBe('ok');
      for (const opened of [phone, tablet]) await opened.close();
    });
  });
});
