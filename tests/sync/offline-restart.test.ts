// Sales made offline survive the app being closed or killed and reopened while still offline: once the
// connection returns, every one of them is on the server exactly once, whatever the push batch size.
import { describe, expect, it } from 'vitest';
import { converged, eventually, newOwner, serverRows, type Device, type DeviceOptions, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const harness = useDeviceHarness();
const device = (owner: Owner, options: DeviceOptions): Promise<Device> => harness.open(owner, options);

async function sell(d: Device, product: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await d.api.sales.register({ itens: [{ produto_id: product, quantidade: 1 }] });
}

/** Every sale on the device is on the server once, and nothing else is. */
async function expectAllSalesOnServer(owner: Owner, d: Device, expected: number): Promise<void> {
  await converged(owner, [d], 120_000);
  const server = await serverRows(owner, 'vendas');
  const local = await d.docs('vendas');
  expect(server).toHaveLength(expected);
  expect(new Set(server.map((row) => row.id))).toEqual(new Set(local.map((doc) => doc.id)));
  // A pull may still be running (a resync or a Realtime echo of the last push): wait for it to finish.
  await eventually(async () => {
    expect(await d.status()).toMatchObject({ pending: 0, phase: 'completed' });
  });
}

describe('offline restarts', () => {
  it('closed and reopened offline: every sale reaches the server once the connection returns', { timeout: 180_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await device(owner, { name: 'a', batchSize: 100 });
    const product = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 10_000 });
    await converged(owner, [a]);

    await a.setOnline(false);
    await sell(a, product, 750);
    await eventually(async () => {
      expect((await a.status()).pending).toBe(750);
    });
    await a.reopen();
    await eventually(async () => {
      expect((await a.status()).pending).toBe(750);
    });
    await a.setOnline(true);
    await expectAllSalesOnServer(owner, a, 750);
  });

  it('opened offline from the start, reopened offline twice: nothing is skipped', { timeout: 180_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await device(owner, { name: 'b', batchSize: 50, online: false });
    const product = await a.api.products.create({ nome: 'Feijão', preco: 8, estoque: 10_000 });
    await sell(a, product, 300);
    await a.reopen();
    await sell(a, product, 200);
    await a.reopen();
    await eventually(async () => {
      expect((await a.status()).pending).toBe(1 + 500 + 1);
    });
    await a.setOnline(true);
    await expectAllSalesOnServer(owner, a, 500);
  });

  it(
    'killed in the middle of a burst and reopened offline: what was saved reaches the server once',
    { timeout: 180_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const a = await device(owner, { name: 'c', batchSize: 70 });
      const product = await a.api.products.create({ nome: 'Óleo', preco: 9, estoque: 10_000 });
      await converged(owner, [a]);
      await a.setOnline(false);
      await sell(a, product, 400);
      await a.burstSales(product, 300);
      await a.restart();
      await a.reopen();
      const saved = (await a.docs('vendas')).length;
      expect(saved).toBeGreaterThanOrEqual(400);
      await a.setOnline(true);
      await expectAllSalesOnServer(owner, a, saved);
    },
  );
});
