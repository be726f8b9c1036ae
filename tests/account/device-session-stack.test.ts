// The app's account domain against the real local stack, free plan: the device another sign-in ended is told
// so even when it lost the record of its registration (registering again no longer revives its session), and
// a device that signs in can write once its session is registered.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REGISTERED_KEY } from '../../workers/account/device-session.ts';
import { createAccountDomain, type AccountDomain } from '../../workers/account/domain.ts';
import { createMemoryStore } from '../../workers/account/kv-store.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { OWNER_PASSWORD, createOwner } from '../support/signed-in.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

const opened: AccountDomain[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((domain) => domain.dispose()));
});

/** One device of the app: its own storage, online, checking its session only when asked. */
function device() {
  const storage = createMemoryStore();
  const domain = createAccountDomain({
    backend: { url: stack.url, anonKey: stack.anonKey },
    storage,
    connectivity: createManualConnectivity(true),
    siteOrigin: 'http://app.test',
    realtimeTransport: WebSocket,
    deviceInfo: 'Vitest',
    deviceCheckMs: 3_600_000,
  });
  opened.push(domain);
  return { domain, storage };
}

describe('one device at a time, in the app', () => {
  it('the ended device is signed out even after losing its registration record; the new one writes', async () => {
    const { email } = await createOwner(stack, 'app.aparelhos');
    const phone = device();
    await phone.domain.handlers.signIn({ email, password: OWNER_PASSWORD });
    const counter = device();
    await counter.domain.handlers.signIn({ email, password: OWNER_PASSWORD });

    // The phone no longer knows it registered (storage cleared, or its registration at sign-in was lost).
    await phone.storage.removeItem(REGISTERED_KEY);
    await phone.domain.handlers.verifyDevice();
    expect(await phone.domain.handlers.current()).toEqual({ status: 'signed_out', reason: 'session_ended' });

    await counter.domain.handlers.verifyDevice();
    expect((await counter.domain.handlers.current()).status).toBe('signed_in');
    const { error } = await counter.domain.auth.client.from('clientes').insert({ id: randomUUID(), nome: 'Maria' });
    expect(error).toBeNull();
  });
});
