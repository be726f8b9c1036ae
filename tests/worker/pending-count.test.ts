// The count of changes waiting on this device is per record (a product edited five times is one change) and is
// known from the moment the app opens again, before this tab has started replicating: the indicator shows it
// from the first status the worker reports, and a change is counted the moment it is saved, not after a recheck.
import { randomUUID } from 'node:crypto';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject, filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createDataApiParts } from '../../workers/api.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import { syncInternals } from '../../workers/sync/testing.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { offlineClient } from './support/offline-device.ts';

/** One device offline, opened again on the same storage as often as the test likes. */
function offlineApp() {
  const storage = getRxStorageMemory();
  const userId = randomUUID();
  const namePrefix = `pendentes-${randomUUID().slice(0, 8)}`;
  return () =>
    createDataApiParts({
      appVersion: 'teste',
      connectivity: createManualConnectivity(false),
      ownerData: {
        storage,
        multiInstance: false,
        namePrefix,
        serverUrl: 'http://127.0.0.1:9',
        deviceId: 'balcao',
        realtime: false,
        session$: new BehaviorSubject<OwnerSession | null>({ userId, client: offlineClient() }),
      },
    });
}

describe('the pending count', () => {
  it('counts records, not writes, and is there from the first status after reopening', { timeout: 30_000 }, async () => {
    const open = offlineApp();
    const first = open();
    const product = await first.api.products.create({ nome: 'Arroz', preco: 5 });
    for (let price = 6; price <= 10; price++) await first.api.products.update(product, { preco: price });
    await first.api.clients.create({ nome: 'Maria', telefone: '11999990001' });
    const workspace = await first.workspace.current();
    await firstValueFrom(workspace.sync.status$.pipe(filter((status) => status.pending === 2)));
    await first.workspace.close();

    for (let reopened = 0; reopened < 2; reopened++) {
      const again = open();
      const seen: number[] = [];
      const opened = await again.workspace.current();
      const watching = opened.sync.status$.subscribe((status) => seen.push(status.pending));
      expect(seen[0], 'the first status after opening').toBe(2);
      watching.unsubscribe();
      await again.workspace.close();
    }
  });

  it('counts a change the moment it is saved: leaving right after it is refused', { timeout: 30_000 }, async () => {
    const app = offlineApp()();
    const workspace = await app.workspace.current();
    await app.api.clients.create({ nome: 'Maria', telefone: '11999990001' });
    // The look at what the device held when it opened is over: from here on, only new writes are counted.
    await syncInternals(workspace.sync).pending.checkedAtStart;
    await firstValueFrom(workspace.sync.status$.pipe(filter((status) => status.pending === 1)));

    await app.api.clients.create({ nome: 'João', telefone: '11999990002' });
    // No recheck has run yet: the write itself is what is counted.
    expect(workspace.sync.status().pending).toBe(2);
    expect(workspace.sync.canSignOut()).toEqual({ allowed: false, pending: 2, refused: 0 });
    await app.workspace.close();
  });
});
