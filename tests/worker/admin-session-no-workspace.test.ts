// The admin's session on a device: it opens no owner database (nothing of any shop is kept nor replicated there),
// and the owner-data screens answer 'not signed in'; an owner's session on the same device opens its database.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { filter, firstValueFrom } from 'rxjs';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../workers/account/kv-store.ts';
import { createDataApiParts } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { FakeBackend } from '../account/support/fake-backend.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** One device's whole data API, signed in through the account domain against the fake backend. */
function startDevice(backend: FakeBackend) {
  const connectivity = createManualConnectivity(true);
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity,
    account: {
      backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
      storage: createMemoryStore(),
      siteOrigin: 'http://app.test',
      fetch: backend.fetch,
      realtimeTransport: WebSocket,
      deviceInfo: 'teste',
      profileRetry: { sleep: () => Promise.resolve() },
    },
    ownerData: {
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `admin-${randomUUID().slice(0, 8)}`,
      serverUrl: 'http://127.0.0.1:9',
      deviceId: 'balcao',
      realtime: false,
    },
  });
  closers.push(async () => {
    await parts.workspace.close();
    await parts.account.dispose();
  });
  return parts;
}

async function errorCodeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof DataError ? error.code : String(error);
  }
  return undefined;
}

describe('the admin signed in on a device', () => {
  it('opens no owner database: the owner screens answer that nobody is signed in', async () => {
    const backend = new FakeBackend();
    backend.addUser('adm@example.com', 'Senha@123', { appMetadata: { role: 'admin' } });
    const device = startDevice(backend);

    const state = await device.api.account.signIn({ email: 'adm@example.com', password: 'Senha@123' });
    expect(state).toMatchObject({ status: 'signed_in', user: { isAdmin: true } });

    expect(await firstValueFrom(device.workspace.workspace$)).toBeNull();
    expect(await errorCodeOf(device.workspace.current())).toBe('not_signed_in');
    expect(await errorCodeOf(device.api.clients.create({ nome: 'Maria das Dores', telefone: '11987654321' }))).toBe(
      'not_signed_in',
    );
  });

  it('an owner signed in on the same kind of device gets her database', async () => {
    const backend = new FakeBackend();
    const owner = backend.addUser('dona@example.com', 'Senha@123');
    const device = startDevice(backend);

    await device.api.account.signIn({ email: 'dona@example.com', password: 'Senha@123' });
    const opened = await firstValueFrom(device.workspace.workspace$.pipe(filter((workspace) => workspace !== null)));
    expect(opened.userId).toBe(owner.id);
  });
});
