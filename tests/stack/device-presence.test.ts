// The owner's devices channel `aparelhos:<user id>` (migration 0040): the owner's own sessions join it privately and
// see each other's presence; another owner, or anyone signed out, can neither join it nor read who is there, and
// the public channel of the same name is another room that shows nothing of the owner's devices.
import { randomUUID } from 'node:crypto';
import { REALTIME_SUBSCRIBE_STATES, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devicesTopic } from '../../workers/devices/presence.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  for (const client of clients) await client.realtime.disconnect();
  await stack.close();
});

/** A client whose socket acts as `userId` (or signed out). */
async function socketOf(userId?: string): Promise<SupabaseClient> {
  const token = userId ? await stack.mintUserToken(userId) : undefined;
  const client = stack.client(token);
  if (token) await client.realtime.setAuth(token);
  clients.push(client);
  return client;
}

/** Subscribes and resolves with the outcome: SUBSCRIBED, or the error's status. */
function subscribe(channel: RealtimeChannel): Promise<string> {
  return new Promise((resolve) => {
    channel.subscribe((status) => {
      if (status !== REALTIME_SUBSCRIBE_STATES.CLOSED) resolve(status);
    });
  });
}

/** A channel on the owner's devices topic, private unless told, with this device's presence key. */
const devicesChannel = (client: SupabaseClient, owner: string, key: string, isPrivate = true) =>
  client.channel(devicesTopic(owner), { config: { private: isPrivate, presence: { key } } });

/** Follows the presence keys `channel` knows (registered before it subscribes): `until` resolves once `check` holds. */
function presenceKeys(channel: RealtimeChannel): { until(check: (keys: string[]) => boolean): Promise<string[]> } {
  const waiters: { check: (keys: string[]) => boolean; resolve: (keys: string[]) => void }[] = [];
  const current = () => Object.keys(channel.presenceState()).sort();
  channel.on('presence', { event: 'sync' }, () => {
    const keys = current();
    for (const waiter of waiters.splice(0)) {
      if (waiter.check(keys)) waiter.resolve(keys);
      else waiters.push(waiter);
    }
  });
  return {
    until(check) {
      const keys = current();
      if (check(keys)) return Promise.resolve(keys);
      return new Promise((resolve) => waiters.push({ check, resolve }));
    },
  };
}

it("only the owner's devices join the owner's channel and see who is there", async () => {
  const owner = randomUUID();
  const balcao = devicesChannel(await socketOf(owner), owner, 'balcao');
  const balcaoKeys = presenceKeys(balcao);
  expect(await subscribe(balcao)).toBe('SUBSCRIBED');
  expect(await balcao.track({ aparelho: 'balcao' })).toBe('ok');

  const celular = devicesChannel(await socketOf(owner), owner, 'celular');
  const celularKeys = presenceKeys(celular);
  expect(await subscribe(celular)).toBe('SUBSCRIBED');
  expect(await celular.track({ aparelho: 'celular' })).toBe('ok');
  expect(await celularKeys.until((keys) => keys.length === 2)).toEqual(['balcao', 'celular']);
  expect(await balcaoKeys.until((keys) => keys.includes('celular'))).toEqual(['balcao', 'celular']);

  // Another owner, and a signed-out socket, are refused the private channel.
  const intruder = devicesChannel(await socketOf(randomUUID()), owner, 'intruso');
  expect(await subscribe(intruder)).toBe(REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR);
  expect(intruder.presenceState()).toEqual({});
  const anonymous = devicesChannel(await socketOf(), owner, 'anonimo');
  expect(await subscribe(anonymous)).toBe(REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR);

  // The public channel of the same name is another room: the owner's devices are not there, and what is tracked
  // there never reaches them.
  const lookout = devicesChannel(await socketOf(randomUUID()), owner, 'espiao', false);
  const lookoutKeys = presenceKeys(lookout);
  expect(await subscribe(lookout)).toBe('SUBSCRIBED');
  expect(await lookout.track({ aparelho: 'espiao' })).toBe('ok');
  expect(await lookoutKeys.until((keys) => keys.includes('espiao'))).toEqual(['espiao']);
  // A round trip on the owner's channel after the lookout tracked: had it reached the owner, it would be there now.
  await celular.untrack();
  expect(await balcaoKeys.until((keys) => !keys.includes('celular'))).toEqual(['balcao']);
});
