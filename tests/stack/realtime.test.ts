// Realtime with the official client: delivery, filters, row-level security between owners, token updates,
// and reconnection after the stack restarts.
import { randomUUID } from 'node:crypto';
import { createClient, REALTIME_SUBSCRIBE_STATES, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig, type StackConfig } from '../../supabase/local/config.ts';
import { openPglite, type Database } from '../../supabase/local/db/database.ts';
import { listen, type HttpFrontDoor } from '../../supabase/local/http.ts';
import { createRealtimeService, type RealtimeService } from '../../supabase/local/realtime/service.ts';

const FIXTURE = `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'anon') THEN CREATE ROLE anon NOLOGIN NOINHERIT; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticated') THEN CREATE ROLE authenticated NOLOGIN NOINHERIT; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'service_role') THEN CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS; END IF;
END $$;
CREATE TABLE avisos (id uuid PRIMARY KEY, user_id uuid NOT NULL, mensagem text NOT NULL, lido boolean NOT NULL DEFAULT false);
ALTER TABLE avisos ENABLE ROW LEVEL SECURITY;
CREATE POLICY avisos_dono ON avisos FOR SELECT TO authenticated
  USING (user_id = (current_setting('request.jwt.claims', true)::jsonb ->> 'sub')::uuid);
GRANT SELECT ON avisos TO anon, authenticated, service_role;
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_publication WHERE pubname = 'supabase_realtime') THEN CREATE PUBLICATION supabase_realtime; END IF;
END $$;
ALTER PUBLICATION supabase_realtime ADD TABLE avisos;
`;

interface Received {
  eventType: string;
  new: Record<string, unknown>;
  old: Record<string, unknown>;
}

let db: Database;
let config: StackConfig;
let realtime: RealtimeService;
let door: HttpFrontDoor;
const clients: SupabaseClient[] = [];

async function startRealtime(port: number): Promise<void> {
  realtime = createRealtimeService({ db, config });
  await realtime.start();
  door = await listen([realtime], port);
  config.port = door.port;
  config.publicUrl = `http://127.0.0.1:${door.port}`;
}

async function userToken(sub: string, expiresInSeconds = 3600): Promise<string> {
  return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@teste.dev` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(config.jwtSecret));
}

function clientFor(token?: string): SupabaseClient {
  const client = createClient(config.publicUrl, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never, heartbeatIntervalMs: 1000, reconnectAfterMs: () => 200 },
  });
  if (token) void client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

async function subscribe(
  client: SupabaseClient,
  name: string,
  filter?: string,
): Promise<{ channel: RealtimeChannel; events: Received[] }> {
  const events: Received[] = [];
  const channel = client
    .channel(name)
    .on(
      'postgres_changes',
      { event: '*', schema: 'public', table: 'avisos', ...(filter ? { filter } : {}) },
      (payload) => void events.push({ eventType: payload.eventType, new: payload.new, old: payload.old }),
    );
  await new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
      else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT)
        reject(error ?? new Error(status));
    });
  });
  return { channel, events };
}

async function eventually(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ownerA = randomUUID();
const ownerB = randomUUID();

beforeAll(async () => {
  db = await openPglite();
  await db.exec(FIXTURE);
  config = await loadConfig({}, { port: 0, dataDir: undefined });
  await startRealtime(0);
});

afterAll(async () => {
  for (const client of clients) await client.removeAllChannels();
  await realtime.close();
  await door.close();
  await db.close();
});

describe('realtime postgres_changes', () => {
  it('delivers an owner their own changes and never another owner’s', async () => {
    const a = await subscribe(clientFor(await userToken(ownerA)), 'a-all');
    const b = await subscribe(clientFor(await userToken(ownerB)), 'b-all');
    const rowId = randomUUID();
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3)', [rowId, ownerA, 'Estoque baixo: Arroz']);
    await db.query('UPDATE avisos SET lido = true WHERE id = $1', [rowId]);
    await eventually(() => a.events.length === 2);
    expect(a.events[0]).toMatchObject({
      eventType: 'INSERT',
      new: { id: rowId, user_id: ownerA, mensagem: 'Estoque baixo: Arroz', lido: false },
    });
    expect(a.events[1]).toMatchObject({ eventType: 'UPDATE', new: { lido: true }, old: { id: rowId } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(b.events).toEqual([]);
  });

  it('applies the binding filter', async () => {
    const token = await userToken(ownerA);
    const unread = await subscribe(clientFor(token), 'a-unread', 'lido=eq.false');
    await db.query('INSERT INTO avisos (id, user_id, mensagem, lido) VALUES ($1, $2, $3, true), ($4, $2, $5, false)', [
      randomUUID(),
      ownerA,
      'já lido',
      randomUUID(),
      'novo',
    ]);
    await eventually(() => unread.events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(unread.events.map((event) => event.new.mensagem)).toEqual(['novo']);
  });

  it('tells the owner of a deleted row, with only its key, and nobody else', async () => {
    const rowId = randomUUID();
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3)', [rowId, ownerA, 'apagar']);
    const a = await subscribe(clientFor(await userToken(ownerA)), 'a-delete');
    const b = await subscribe(clientFor(await userToken(ownerB)), 'b-delete');
    await db.query('DELETE FROM avisos WHERE id = $1', [rowId]);
    await eventually(() => a.events.length === 1);
    expect(a.events[0]).toMatchObject({ eventType: 'DELETE', old: { id: rowId } });
    expect(a.events[0]?.old).not.toHaveProperty('mensagem');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(b.events).toEqual([]);
  });

  it('delivers nothing to the anonymous key when policies allow only owners', async () => {
    const anon = await subscribe(clientFor(), 'anon-all');
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3)', [randomUUID(), ownerA, 'privado']);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(anon.events).toEqual([]);
  });

  it('delivers a row of any size', async () => {
    const a = await subscribe(clientFor(await userToken(ownerA)), 'a-big');
    const big = 'x'.repeat(200_000);
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3)', [randomUUID(), ownerA, big]);
    await eventually(() => a.events.length === 1);
    expect(a.events[0]?.new.mensagem).toBe(big);
  });

  it('follows an access_token update to another user', async () => {
    const client = clientFor(await userToken(ownerA));
    const sub = await subscribe(client, 'switch');
    await client.realtime.setAuth(await userToken(ownerB));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3), ($4, $5, $6)', [
      randomUUID(),
      ownerA,
      'de A',
      randomUUID(),
      ownerB,
      'de B',
    ]);
    await eventually(() => sub.events.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(sub.events.map((event) => event.new.mensagem)).toEqual(['de B']);
  });

  it('resubscribes by itself after the stack restarts and keeps delivering', async () => {
    const a = await subscribe(clientFor(await userToken(ownerA)), 'a-restart');
    const port = door.port;
    await realtime.close();
    await door.close();
    await startRealtime(port);
    await eventually(() => realtime.connectionCount() > 0, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.query('INSERT INTO avisos (id, user_id, mensagem) VALUES ($1, $2, $3)', [
      randomUUID(),
      ownerA,
      'depois do reinício',
    ]);
    await eventually(() => a.events.some((event) => event.new.mensagem === 'depois do reinício'), 5000);
  });
});
