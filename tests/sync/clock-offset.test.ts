// A device whose clock is days off learns the server's time at each pull, keeps that correction, and still
// applies it after restarting offline: stock counts stamped then sort by real time, not by the wrong clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { eventually, newOwner, openDevice, type Device } from './support/devices.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
let stack: TestStack;
let device: Device | undefined;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await device?.close();
  await stack.close();
});

/** The physical part of a device HLC stamp (milliseconds, base 36). */
const physicalOf = (hlc: unknown) => parseInt(String(hlc).split(':')[0] ?? '', 36);

describe('server clock offset', () => {
  it('is kept across an offline restart and corrects the stamps made then', { timeout: 60_000 }, async () => {
    const owner = await newOwner(stack);
    device = await openDevice(stack, owner, { name: 'atrasado', skewMs: -3 * DAY });
    const produto = await device.api.products.create({ nome: 'Arroz', preco: 20 });
    await eventually(async () => {
      const offset = await device?.serverOffset();
      expect(offset).not.toBeNull();
      expect(Math.abs(Number(offset) - 3 * DAY)).toBeLessThan(60_000);
    });

    await device.setOnline(false);
    await device.restart();
    // An hour later by every clock, still offline.
    await device.setSkew(-3 * DAY + HOUR);
    expect(Math.abs(Number(await device.serverOffset()) - 3 * DAY)).toBeLessThan(60_000);
    await device.api.stock.count({ produto_id: produto, quantidade: 12 });
    const [contagem] = (await device.docs('historico_estoque')).filter((doc) => doc.tipo === 'ajuste');
    expect(Math.abs(physicalOf(contagem?.hlc) - (Date.now() + HOUR))).toBeLessThan(60_000);
  });
});
