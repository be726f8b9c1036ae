// A device that has never held the owner's data says it is downloading until every collection has reached the
// server once (kept across a reopen in the middle), then never again; and 'Sincronizando...' until it has.
import { describe, expect, it } from 'vitest';
import { converged, eventually, newOwner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();

describe('first download', () => {
  it('a new device is downloading until it holds everything, also after a reopen midway', { timeout: 120_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'a' });
    const product = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 100 });
    for (let i = 0; i < 3; i++) await a.api.sales.register({ itens: [{ produto_id: product, quantidade: 1 }] });
    await converged(owner, [a]);
    // The device that wrote everything received the (empty) server once at its start: nothing to download.
    expect((await a.status()).download).toBeNull();

    const b = await harness.open(owner, { name: 'b', online: false });
    const offline = await b.status();
    expect(offline.download).toMatchObject({ caughtUp: 0, received: 0 });
    expect(offline.download?.collections).toBeGreaterThan(0);
    await b.reopen();
    expect((await b.status()).download).toMatchObject({ caughtUp: 0 });

    await b.setOnline(true);
    await eventually(async () => {
      const status = await b.status();
      expect(status.download).toBeNull();
      expect(status.phase).toBe('completed');
    }, 60_000);
    expect(await b.docs('vendas')).toHaveLength(3);

    // Known from now on, even offline from the start.
    await b.setOnline(false);
    await b.reopen();
    expect((await b.status()).download).toBeNull();
  });
});
