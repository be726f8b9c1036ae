// Per-socket caps of Realtime, as Supabase Realtime refuses them: channels per socket, postgres_changes bindings
// per channel and per socket, and joins per second (on an injected clock), over the raw Phoenix protocol and
// through realtime-js.
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
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
