// Devices whose clocks are wrong by days still order events as they really happened: the offset against the
// server is measured NTP-style with an error bound (the server's clock read when it starts and when it answers),
// facts are stamped with the corrected clock (HLC), and so are edits, so the later edit of a field wins.
import { describe, expect, it } from 'vitest';
import { createOffsetEstimate, measureOffset } from '../../workers/sync/server-time.ts';
import { converged, newOwner, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('offset measurement', () => {
  it('is exact however long the server worked, and says how wrong it can be', () => {
    // Same clocks; the request took 10 ms to arrive, the server worked 100 ms, the answer took 10 ms back.
    const sample = measureOffset({ started: iso(1010), now: iso(1110) }, 1000, 1120);
    expect(Math.abs(sample.offsetMs)).toBeLessThanOrEqual(1);
    expect(sample.errorMs).toBeLessThanOrEqual(11);
    // A device two days behind: the server's clock reads two days more.
    const behind = measureOffset({ started: iso(2 * DAY + 1010), now: iso(2 * DAY + 1110) }, 1000, 1120);
    expect(Math.abs(behind.offsetMs - 2 * DAY)).toBeLessThanOrEqual(1);
  });

  it('bounds the error even when the way there and back differ', () => {
    // 80 ms to arrive, 0 ms back: the estimate is off by 40 ms, and says it may be off by 41.
    const sample = measureOffset({ started: iso(1080), now: iso(1080) }, 1000, 1080);
    expect(Math.abs(sample.offsetMs - 0)).toBeLessThanOrEqual(sample.errorMs);
  });

  it('keeps the most precise recent sample, and starts over when the device clock is set', () => {
    const estimate = createOffsetEstimate();
    estimate.add({ offsetMs: 30, errorMs: 40 });
    expect(estimate.add({ offsetMs: 2, errorMs: 3 })).toEqual({ offsetMs: 2, errorMs: 3 });
    // A slow pull does not displace it.
    expect(estimate.add({ offsetMs: 45, errorMs: 60 })).toEqual({ offsetMs: 2, errorMs: 3 });
    // The owner moved the phone's clock an hour: the old samples cannot be right any more.
    expect(estimate.add({ offsetMs: 3_600_000, errorMs: 20 })).toEqual({ offsetMs: 3_600_000, errorMs: 20 });
  });
});

const harness = useDeviceHarness();
const device = (owner: Owner, name: string, skewMs: number): Promise<Device> => harness.open(owner, { name, skewMs });

/** The offset each device measured, checked against the truth (server time − device time = −skew). */
async function measuredBound(d: Device, skewMs: number): Promise<number> {
  const sample = await d.serverOffsetSample();
  if (!sample) throw new Error(`${d.name}: nenhum relógio medido`);
  expect(Math.abs(sample.offsetMs + skewMs), `${d.name}: ${JSON.stringify(sample)}`).toBeLessThanOrEqual(sample.errorMs);
  return sample.errorMs;
}

/** Waits (on the real clock) until more than `ms` have passed since `since`. */
async function realTimePasses(since: number, ms: number): Promise<void> {
  while (Date.now() <= since + ms) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('devices with wrong clocks', () => {
  it('a sale made after a count on another device comes after it, whatever the clocks', { timeout: 120_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const skewA = 2 * DAY + 1234;
    const skewB = -3 * 3_600_000;
    const a = await device(owner, 'relogio-adiantado', skewA);
    const b = await device(owner, 'relogio-atrasado', skewB);
    const product = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 100 });
    await converged(owner, [a, b]);
    const bound = (await measuredBound(a, skewA)) + (await measuredBound(b, skewB));

    // Neither sees the other's write before both are done: only the stamps can order them.
    await a.setOnline(false);
    await b.setOnline(false);
    const countedAt = Date.now();
    await a.api.stock.count({ produto_id: product, quantidade: 20 });
    await realTimePasses(countedAt, bound + 2);
    await b.api.sales.register({ itens: [{ produto_id: product, quantidade: 1 }] });
    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b]);
    // The device two days ahead counted first: its count must not swallow the later sale.
    expect(await a.stockOf(product)).toBe(19);
    expect(await b.stockOf(product)).toBe(19);
    const [row] = (await serverRows(owner, 'produtos')).filter((p) => p.id === product);
    expect(Number(row?.estoque)).toBe(19);
  });

  it('the later edit of a price wins even against a clock two days ahead', { timeout: 120_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const skewA = 2 * DAY;
    const a = await device(owner, 'adiantado', skewA);
    const b = await device(owner, 'certo', 0);
    const product = await a.api.products.create({ nome: 'Feijão', preco: 8, estoque: 10 });
    await converged(owner, [a, b]);
    const bound = (await measuredBound(a, skewA)) + (await measuredBound(b, 0));

    await a.setOnline(false);
    await b.setOnline(false);
    const editedAt = Date.now();
    await a.api.products.update(product, { preco: 10 });
    await realTimePasses(editedAt, Math.max(1000, bound + 2));
    await b.api.products.update(product, { preco: 12 });
    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b]);
    const [row] = (await serverRows(owner, 'produtos')).filter((p) => p.id === product);
    expect(Number(row?.preco)).toBe(12);
  });
});
