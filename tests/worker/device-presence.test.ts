// The owner's devices connected now, as /aparelhos reads it from the worker: with a second device of the owner
// present (its worker's presence, devices/presence.ts) both count two; when it goes offline, or closes the app, the
// first is back to one; another owner's device never counts. (One RxDB per test process: the second device runs
// only its presence.)
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { devicesText } from '../../src/i18n/devices.pt-BR.ts';
import { firstValueFrom, filter } from 'rxjs';
import { followDevicePresence, type DevicePresence } from '../../workers/devices/presence.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let stack: TestStack;
const opened: OfflineDevice[] = [];
const present: DevicePresence[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  for (const device of opened) await device.close();
  for (const presence of present) await presence.close();
  await stack.close();
});

/** A device of `userId` on the stack that shows itself through presence. */
async function deviceOf(userId: string, name: string): Promise<OfflineDevice> {
  const token = await stack.mintUserToken(userId);
  const client = stack.client(token);
  const device = await openOfflineDevice(name, {
    server: { url: stack.url, userId, client, accessToken: () => Promise.resolve(token) },
    presence: true,
  });
  opened.push(device);
  return device;
}

/** Another device of `userId` as the owner's other devices see it: only its presence, with its own connection. */
async function presenceOf(userId: string, device: string) {
  const token = await stack.mintUserToken(userId);
  const connectivity = createManualConnectivity(true);
  const presence = followDevicePresence({
    client: stack.client(token),
    userId,
    device,
    connectivity,
    accessToken: () => Promise.resolve(token),
  });
  present.push(presence);
  return { presence, connectivity };
}

/** The count `presence` knows once it satisfies `check`. */
const countOf = (presence: DevicePresence, check: (count: number | null) => boolean) =>
  firstValueFrom(presence.connected$.pipe(filter(check)));

/** What the page says for the device's current count (nothing while it is not known). */
async function shownBy(device: OfflineDevice, check: (shown: string | null) => boolean): Promise<string | null> {
  const live = await device.watch('connectedDevices', undefined);
  const count = await live.until((value) => check(value === null ? null : devicesText.connectedNow(value)));
  await live.stop();
  return count === null ? null : devicesText.connectedNow(count);
}

it('counts the owner’s devices connected now, and one less when a device leaves', async () => {
  const owner = randomUUID();
  const balcao = await deviceOf(owner, 'balcao');
  expect(await shownBy(balcao, (shown) => shown !== null)).toBe('1 aparelho conectado');

  const celular = await presenceOf(owner, 'celular');
  expect(await countOf(celular.presence, (count) => count === 2)).toBe(2);
  expect(await shownBy(balcao, (shown) => shown === '2 aparelhos conectados')).toBe('2 aparelhos conectados');

  // Another owner's device is on its own channel: it sees one, and the owner's devices still see two.
  const vizinho = await presenceOf(randomUUID(), 'vizinho');
  expect(await countOf(vizinho.presence, (count) => count !== null)).toBe(1);
  expect(await shownBy(balcao, (shown) => shown !== null)).toBe('2 aparelhos conectados');

  // Offline, the phone knows nothing and is no longer counted; back online, it is.
  celular.connectivity.set(false);
  expect(await countOf(celular.presence, (count) => count === null)).toBeNull();
  expect(await shownBy(balcao, (shown) => shown === '1 aparelho conectado')).toBe('1 aparelho conectado');
  celular.connectivity.set(true);
  expect(await shownBy(balcao, (shown) => shown === '2 aparelhos conectados')).toBe('2 aparelhos conectados');

  // Closing the app leaves the channel.
  await celular.presence.close();
  expect(await shownBy(balcao, (shown) => shown === '1 aparelho conectado')).toBe('1 aparelho conectado');

  // The first device offline knows nothing: the page says nothing rather than a stale count.
  balcao.connectivity.set(false);
  expect(await shownBy(balcao, (shown) => shown === null)).toBeNull();
});
