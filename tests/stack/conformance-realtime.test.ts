// Realtime answers realtime-js as Supabase's Realtime does: broadcast from client to client (binary frames of
// vsn 2.0.0 and JSON of vsn 1.0.0, with `self` and `ack`), the HTTP broadcast endpoints, presence (track,
// untrack, sync, join, leave), and private channels authorised by RLS on realtime.messages.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, REALTIME_SUBSCRIBE_STATES, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createTestDatabase } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

// An owner's private channel `dono:<uid>`: only that owner reads it and writes to it.
const FIXTURE = `
CREATE SCHEMA IF NOT EXISTS realtime;
CREATE TABLE IF NOT EXISTS realtime.messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), topic text NOT NULL, extension text NOT NULL, payload jsonb,
  event text, private boolean DEFAULT false, updated_at timestamp NOT NULL DEFAULT now(),
  inserted_at timestamp NOT NULL DEFAULT now());
ALTER TABLE realtime.messages ENABLE ROW LEVEL SECURITY;
CREATE OR REPLACE FUNCTION realtime.topic() RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('realtime.topic', true), '')::text $$;
CREATE POLICY dono_le ON realtime.messages FOR SELECT TO authenticated
  USING (realtime.topic() = 'dono:' || auth.uid()::text);
CREATE POLICY dono_escreve ON realtime.messages FOR INSERT TO authenticated
  WITH CHECK (realtime.topic() = 'dono:' || auth.uid()::text);
`;

let stack: TestStack;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.exec(FIXTURE);
  stack = await startTestStack({ db });
});

afterAll(async () => {
  for (const client of clients) await client.realtime.disconnect();
  const db = stack.db;
  await stack.close();
  await db.close();
});

/** A client of its own socket (vsn as asked), acting as `token` when given. */
function socketClient(options: { token?: string; vsn?: '1.0.0' | '2.0.0' } = {}): SupabaseClient {
  const client = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as never, ...(options.vsn ? { vsn: options.vsn } : {}) },
  });
  if (options.token) void client.realtime.setAuth(options.token);
  clients.push(client);
  return client;
}

/** Subscribes and resolves with the outcome: SUBSCRIBED, or the error's text. */
function subscribe(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve(status);
      else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT)
        resolve(`${status}: ${error?.message ?? ''}`);
    });
  });
}

/** Resolves once `check` holds, checked after each event it is told of. */
function condition<T>(): { push(value: T): void; until(check: (values: T[]) => boolean): Promise<T[]> } {
  const values: T[] = [];
  const waiters: { check: (values: T[]) => boolean; resolve: (values: T[]) => void }[] = [];
  return {
    push(value) {
      values.push(value);
      for (const waiter of [...waiters]) {
        if (waiter.check(values)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(values);
        }
      }
    },
    until(check) {
      if (check(values)) return Promise.resolve(values);
      return new Promise((resolve) => waiters.push({ check, resolve }));
    },
  };
}

describe('broadcast', () => {
  for (const vsn of ['2.0.0', '1.0.0'] as const) {
    it(`reaches the other subscribers, and the sender only with self (vsn ${vsn})`, async () => {
      const room = `sala-${vsn}-${randomUUID()}`;
      const heardByOther = condition<unknown>();
      const heardBySelf = condition<unknown>();
      const heardByQuiet = condition<unknown>();
      const other = socketClient({ vsn }).channel(room);
      other.on('broadcast', { event: 'venda' }, (message) => {
        heardByOther.push(message.payload);
      });
      const sender = socketClient({ vsn }).channel(room, { config: { broadcast: { self: true, ack: true } } });
      sender.on('broadcast', { event: 'venda' }, (message) => {
        heardBySelf.push(message.payload);
      });
      // With ack, the answer comes after the message went out: what the sender was sent is already there.
      const quiet = socketClient({ vsn }).channel(room, { config: { broadcast: { ack: true } } });
      quiet.on('broadcast', { event: 'venda' }, (message) => {
        heardByQuiet.push(message.payload);
      });
      expect(await subscribe(other)).toBe('SUBSCRIBED');
      expect(await subscribe(sender)).toBe('SUBSCRIBED');
      expect(await subscribe(quiet)).toBe('SUBSCRIBED');

      expect(await sender.send({ type: 'broadcast', event: 'venda', payload: { total: 12.5 } })).toBe('ok');
      expect(await heardByOther.until((values) => values.length === 1)).toEqual([{ total: 12.5 }]);
      expect(await heardBySelf.until((values) => values.length === 1)).toEqual([{ total: 12.5 }]);

      // Without self, the sender's own message does not come back; the others hear it.
      expect(await quiet.send({ type: 'broadcast', event: 'venda', payload: { total: 3 } })).toBe('ok');
      expect(await heardByOther.until((values) => values.length === 2)).toEqual([{ total: 12.5 }, { total: 3 }]);
      expect(await heardBySelf.until((values) => values.length === 2)).toEqual([{ total: 12.5 }, { total: 3 }]);
      expect(await heardByQuiet.until((values) => values.length >= 1)).toEqual([{ total: 12.5 }]);
    });
  }

  it('the HTTP endpoints deliver to subscribers and answer 202', async () => {
    const room = `painel-${randomUUID()}`;
    const heard = condition<unknown>();
    const listener = socketClient().channel(room);
    listener.on('broadcast', { event: 'aviso' }, (message) => {
      heard.push(message.payload);
    });
    expect(await subscribe(listener)).toBe('SUBSCRIBED');

    const response = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: room, event: 'aviso', payload: { texto: 'caixa aberto' } }] }),
    });
    expect(response.status).toBe(202);
    expect(await heard.until((values) => values.length === 1)).toEqual([{ texto: 'caixa aberto' }]);

    const viaClient = await socketClient().channel(room).httpSend('aviso', { texto: 'caixa fechado' });
    expect(viaClient).toEqual({ success: true });
    expect(await heard.until((values) => values.length === 2)).toEqual([{ texto: 'caixa aberto' }, { texto: 'caixa fechado' }]);

    const keyless = await fetch(`${stack.url}/realtime/v1/api/broadcast`, { method: 'POST', body: '{"messages":[]}' });
    expect(keyless.status).toBe(401);
  });
});

describe('presence', () => {
  it('syncs tracked devices, then tells of joins and leaves', async () => {
    const room = `loja-${randomUUID()}`;
    const first = socketClient().channel(room, { config: { presence: { key: 'celular' } } });
    const firstEvents = condition<string>();
    first
      .on('presence', { event: 'sync' }, () => {
        firstEvents.push(`sync:${Object.keys(first.presenceState()).sort().join(',')}`);
      })
      .on('presence', { event: 'join' }, ({ key }) => {
        firstEvents.push(`join:${key}`);
      })
      .on('presence', { event: 'leave' }, ({ key }) => {
        firstEvents.push(`leave:${key}`);
      });
    expect(await subscribe(first)).toBe('SUBSCRIBED');
    expect(await first.track({ aparelho: 'Celular' })).toBe('ok');
    await firstEvents.until((events) => events.includes('sync:celular'));

    const second = socketClient().channel(room, { config: { presence: { key: 'tablet' } } });
    const secondSynced = condition<string>();
    second.on('presence', { event: 'sync' }, () => {
      secondSynced.push(Object.keys(second.presenceState()).sort().join(','));
    });
    expect(await subscribe(second)).toBe('SUBSCRIBED');
    // Joining, the newcomer learns who is already there.
    await secondSynced.until((states) => states.includes('celular'));
    expect(await second.track({ aparelho: 'Tablet' })).toBe('ok');
    await firstEvents.until((events) => events.includes('join:tablet') && events.includes('sync:celular,tablet'));
    const tablets = first.presenceState<{ aparelho: string }>().tablet ?? [];
    expect(tablets.map((entry) => entry.aparelho)).toEqual(['Tablet']);
    expect(typeof tablets[0]?.presence_ref).toBe('string');

    expect(await second.untrack()).toBe('ok');
    await firstEvents.until((events) => events.includes('leave:tablet'));
    expect(Object.keys(first.presenceState())).toEqual(['celular']);
  });
});

describe('private channels', () => {
  it('are joined, written and heard only as the policies on realtime.messages allow', async () => {
    const ownerId = randomUUID();
    const ownerToken = await stack.mintUserToken(ownerId);
    const strangerToken = await stack.mintUserToken(randomUUID());
    const topic = `dono:${ownerId}`;

    const heard = condition<unknown>();
    const phone = socketClient({ token: ownerToken }).channel(topic, { config: { private: true } });
    phone.on('broadcast', { event: 'sync' }, (message) => {
      heard.push(message.payload);
    });
    expect(await subscribe(phone)).toBe('SUBSCRIBED');
    const tablet = socketClient({ token: ownerToken }).channel(topic, { config: { private: true } });
    expect(await subscribe(tablet)).toBe('SUBSCRIBED');

    const stranger = socketClient({ token: strangerToken }).channel(topic, { config: { private: true } });
    expect(await subscribe(stranger)).toContain(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
    );
    const anonymous = socketClient().channel(topic, { config: { private: true } });
    expect(await subscribe(anonymous)).toContain('Unauthorized');

    // A public channel of the same name is another channel: nothing crosses over.
    const lookalike = socketClient({ token: strangerToken }).channel(topic, { config: { broadcast: { ack: true } } });
    expect(await subscribe(lookalike)).toBe('SUBSCRIBED');
    // Acknowledged once it went out: had it crossed over, it would reach the phone before the tablet's.
    await lookalike.send({ type: 'broadcast', event: 'sync', payload: { de: 'intruso' } });
    // Nor does the HTTP endpoint take a private message from someone the policies refuse.
    await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${strangerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic, event: 'sync', payload: { de: 'intruso-http' }, private: true }] }),
    });
    await tablet.send({ type: 'broadcast', event: 'sync', payload: { de: 'tablet' } });
    expect(await heard.until((values) => values.length >= 1)).toEqual([{ de: 'tablet' }]);
  });
});
