// A device starting up: while the session is unknown or the owner's database is opening, the live queries of the
// owner's screens say nothing ('no answer yet'), and their first answer is the data the device holds, never the
// empty list, the zero or the 'not found' of a signed-out device.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createDataApiParts } from '../../workers/api.ts';
import type { LiveUpdate } from '../../workers/contract/live.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { offlineClient } from './support/offline-device.ts';

const NOWHERE = 'http://127.0.0.1:9';
const storage = getRxStorageMemory();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The data API of one device whose session is told later (as the account domain does once it has read it). */
function startDevice(namePrefix: string) {
  const session$ = new Subject<OwnerSession | null>();
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity: createManualConnectivity(false),
    ownerData: { storage, multiInstance: false, namePrefix, serverUrl: NOWHERE, deviceId: 'balcao', realtime: false, session$ },
  });
  closers.push(() => parts.workspace.close());
  return { session$, api: parts.api, holder: parts.workspace };
}

function sessionOf(userId: string): OwnerSession {
  const client = offlineClient();
  return { userId, client };
}

/** Every answer of a live query, from the moment of subscribing. */
function record(subscribe: (listener: (update: LiveUpdate<unknown>) => void) => number): unknown[] {
  const answers: unknown[] = [];
  subscribe((update) => {
    if (update.status === 'ok') answers.push(update.value);
  });
  return answers;
}

async function until(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !check(); turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('live queries before the session is known', () => {
  it('answer nothing until the database is open, then first with the clients and suppliers it holds', async () => {
    const userId = randomUUID();
    const namePrefix = `arranque-${randomUUID().slice(0, 8)}`;
    // A first run of the app stores a client and a supplier on the device.
    const first = startDevice(namePrefix);
    first.session$.next(sessionOf(userId));
    const clientId = await first.api.clients.create({ nome: 'Maria das Dores', telefone: '11987654321' });
    await first.api.suppliers.create({ nome: 'Distribuidora Sol' });
    await first.holder.close();

    // The app starts again: the screens subscribe before anyone knows who is signed in.
    const device = startDevice(namePrefix);
    const pages = record((listener) => device.api.live.subscribe('clientsPage', { page: 1 }, listener));
    const client = record((listener) => device.api.live.subscribe('client', { clientId }, listener));
    const suppliers = record((listener) => device.api.live.subscribe('suppliers', { search: '' }, listener));
    // A signed-out device answers at once (a subscription hands over the current value synchronously).
    expect([pages, client, suppliers].map((answers) => answers.length)).toEqual([0, 0, 0]);

    device.session$.next(sessionOf(userId));
    await until(() => pages.length > 0 && client.length > 0 && suppliers.length > 0);
    expect(pages[0]).toMatchObject({ total: 1, items: [{ id: clientId, nome: 'Maria das Dores' }] });
    expect(client[0]).toMatchObject({ id: clientId, nome: 'Maria das Dores' });
    expect(suppliers[0]).toMatchObject({ total: 1, items: [{ nome: 'Distribuidora Sol' }] });
  });

  it('answer the signed-out emptiness once it is known that nobody is signed in', async () => {
    const device = startDevice(`ninguem-${randomUUID().slice(0, 8)}`);
    const pages = record((listener) => device.api.live.subscribe('clientsPage', { page: 1 }, listener));
    device.session$.next(null);
    await until(() => pages.length > 0);
    expect(pages[0]).toMatchObject({ total: 0, items: [] });
  });
});
