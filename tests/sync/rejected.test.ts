// A document the server refuses (here: the free plan's 51st product, once the server's cap went down below what
// the device last learnt) stays on the device, is reported in the sync status with its reason, counts as not yet
// on the server, and does not keep the owner from signing out (leaving discards it, after a warning).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { eventually, newOwner, openDevice, serverRows, type Device } from './support/devices.ts';

let stack: TestStack;
let device: Device | undefined;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await device?.close();
  await stack.close();
});

describe('documents the server refuses', () => {
  it('are kept and reported with their reason, and do not block a sign-out', { timeout: 60_000 }, async () => {
    const owner = await newOwner(stack);
    const setCap = (products: number) =>
      stack.db.query(
        `UPDATE public.system_settings SET value = jsonb_build_object('products', $1::int, 'clients', 100) WHERE key = 'free_plan_limits'`,
        [products],
      );
    await setCap(60);
    device = await openDevice(stack, owner, { name: 'a' });
    const a = device;
    await eventually(async () => {
      expect((await a.status()).phase).toBe('completed');
    });
    await setCap(50);
    const ids: string[] = [];
    for (let i = 0; i < 51; i++)
      ids.push(await a.api.products.create({ nome: `Produto ${String(i).padStart(2, '0')}`, preco: 1 }));
    await eventually(async () => {
      const status = await a.status();
      expect(status.rejected).toHaveLength(1);
      expect(status.pending).toBe(1);
    });
    const status = await a.status();
    // Which of the 51 is refused depends on the order the server writes a batch in (by id), not on the order made.
    const refused = status.rejected[0];
    expect(refused).toMatchObject({ table: 'produtos', code: '23514', reason: 'product_cap' });
    const refusedAt = ids.indexOf(refused?.id ?? '');
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(refused?.label).toBe(`Produto ${String(refusedAt).padStart(2, '0')}`);
    const onServer = await serverRows(owner, 'produtos');
    expect(onServer.some((row) => row.id === refused?.id)).toBe(false);
    expect(onServer.length).toBe(50);
    expect((await a.docs('produtos')).length).toBe(51);
    const check = await a.api.sync.canSignOut();
    expect(check).toEqual({ allowed: true, pending: 0, refused: 1 });
    // Deleting another product frees a slot: the refused one is offered again and accepted.
    await a.api.products.remove(ids.find((id) => id !== refused?.id) as string);
    await a.api.sync.syncNow();
    await eventually(async () => {
      const after = await a.status();
      expect(after.rejected).toHaveLength(0);
      expect(after.pending).toBe(0);
    });
    expect((await serverRows(owner, 'produtos')).filter((row) => row._deleted !== true).length).toBe(50);
  });
});
