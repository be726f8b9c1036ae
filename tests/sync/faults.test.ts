// Faults: a push whose response is lost and retried, the stack restarted in the middle of a push, duplicate
// and stale Realtime deliveries, the app killed in the middle of writing and of pushing. Nothing is lost and
// nothing is applied twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../supabase/local/stack.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { converged, eventually, newOwner, openDevice, serverRows, type Device, type Owner } from './support/devices.ts';
import { expectedStock } from './support/oracle.ts';
import type { ReplicationDescription } from '../../workers/sync/replication.ts';
import { startFaultProxy, type FaultProxy } from './support/proxy.ts';

let stack: TestStack;
let proxy: FaultProxy;
let restarted: RunningStack | undefined;
const devices: Device[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  proxy = await startFaultProxy(stack.url);
});
afterAll(async () => {
  for (const device of devices.splice(0)) await device.close();
  await proxy.close();
  if (restarted) {
    await restarted.close();
    await stack.db.close();
  } else {
    await stack.close();
  }
});

async function device(owner: Owner, name: string, url?: string, batchSize?: number): Promise<Device> {
  const opened = await openDevice(stack, owner, { name, url, batchSize });
  devices.push(opened);
  return opened;
}

/** The device's account of its pull of `table`. */
async function pullOf(d: Device, table: string): Promise<ReplicationDescription> {
  const { replications } = (await d.diagnose()) as { replications: Record<string, ReplicationDescription> };
  const description = replications[table];
  if (!description) throw new Error(`no pull of ${table}`);
  return description;
}

async function salesOnServer(owner: Owner): Promise<number> {
  const { count, error } = await owner.client.from('vendas').select('id', { count: 'exact', head: true });
  if (error) throw new Error(error.message);
  return count ?? 0;
}

async function liveSales(owner: Owner): Promise<number> {
  return (await serverRows(owner, 'vendas')).filter((row) => row._deleted !== true).length;
}

async function expectStockExact(owner: Owner, all: readonly Device[]): Promise<void> {
  for (const [id, value] of await expectedStock(owner)) for (const d of all) expect(await d.stockOf(id), d.name).toBe(value);
}

async function salesOnServerDirect(userId: string): Promise<number> {
  const { rows } = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.vendas WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

describe('sync faults', () => {
  it('retries a push whose response was lost, without applying it twice', async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a', proxy.url);
    const b = await device(owner, 'b');
    const arroz = await a.api.products.create({ nome: 'Arroz', preco: 20, estoque: 100 });
    await converged(owner, [a, b]);
    await a.setOnline(false);
    for (let i = 0; i < 30; i++) await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }] });
    proxy.loseResponses('replicate_push', 1);
    await a.setOnline(true);
    await converged(owner, [a, b]);
    expect(proxy.lost()).toBe(1);
    expect(await liveSales(owner)).toBe(30);
    expect(await a.stockOf(arroz)).toBe(70);
    await expectStockExact(owner, [a, b]);
  });

  it('ignores duplicate and stale Realtime deliveries', async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a');
    const b = await device(owner, 'b');
    const feijao = await a.api.products.create({ nome: 'Feijão', preco: 8, estoque: 10 });
    await a.api.sales.register({ itens: [{ produto_id: feijao, quantidade: 3 }] });
    await converged(owner, [a, b]);
    const [sale] = await serverRows(owner, 'vendas');
    const [oldProduct] = await serverRows(owner, 'produtos');
    await b.receive('vendas', sale ?? {}, 5);
    expect(await b.stockOf(feijao)).toBe(7);
    await a.api.products.update(feijao, { preco: 9 });
    await converged(owner, [a, b]);
    // An old version of the product delivered late must not roll B back.
    await b.receive('produtos', oldProduct ?? {}, 2);
    expect((await b.api.products.get(feijao))?.preco).toBe(9);
    await converged(owner, [a, b]);
  });

  it('a sale whose server version a pull passed while its push was answering is still read back', { timeout: 90_000 }, async () => {
    // No Realtime: the stream would bring the row again and hide the pull that passed it.
    const owner = await newOwner(stack);
    const a = await openDevice(stack, owner, { name: 'sem-tempo-real', url: proxy.url, realtime: false });
    devices.push(a);
    const arroz = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 20 });
    await converged(owner, [a]);
    // A pull of the sales is on its way (slow), and the owner sells meanwhile.
    const pulls = proxy.hold('replicate_pull', (body) => body.includes('"p_table":"vendas"'));
    void a.api.sync.syncNow().catch(() => undefined);
    await eventually(() => {
      expect(pulls.held()).toBeGreaterThan(0);
    });
    const pushAnswers = proxy.holdAnswers('replicate_push', (body) => body.includes('"p_table":"vendas"'));
    await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
    // The server took the sale; the device has not heard so.
    await eventually(() => {
      expect(pushAnswers.held()).toBe(1);
    });
    // The pull reaches the server now: its page brings the sale's server version, and the device stores what it
    // takes of it. RxDB leaves the version aside, the device's own write of the row being on its way.
    pulls.release();
    await eventually(async () => {
      expect((await pullOf(a, 'vendas')).downstreamActive).toBe(false);
    });
    pushAnswers.release();
    await eventually(async () => {
      expect(await a.owedEchoes()).toBe(0);
    });
    const [server] = await serverRows(owner, 'vendas');
    const [copy] = await a.docs('vendas');
    expect(copy?.server_modified).toBe(server?._modified);
    // The day's rollup, pulled after its sale, holds it.
    await a.api.sync.syncNow();
    await converged(owner, [a]);
  });

  it('the device that sold holds the day figures the server made of it, with no Realtime to say so', { timeout: 90_000 }, async () => {
    // No Realtime, and the periodic re-sync a minute away: only the push itself may bring the rollups.
    const owner = await newOwner(stack);
    const a = await openDevice(stack, owner, { name: 'vendeu-sem-tempo-real', realtime: false });
    devices.push(a);
    const arroz = await a.api.products.create({ nome: 'Arroz', preco: 5, estoque: 20 });
    await converged(owner, [a]);
    await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
    const [sale] = await a.docs('vendas');
    await a.api.expenses.create({ descricao: 'Gelo', valor: 3, data: String(sale?.data).slice(0, 10) });
    await converged(owner, [a]);
    const days = (await a.docs('resumos_dia')).filter((row) => row.produto_id === null || row.produto_id === undefined);
    const sum = (field: string) => days.reduce((total, row) => total + Number(row[field]), 0);
    expect({ vendas: sum('vendas'), total: sum('total'), despesas: sum('despesas') }).toEqual({ vendas: 1, total: 10, despesas: 3 });
  });

  it('loses nothing when the app dies in the middle of writing and of pushing', { timeout: 120_000 }, async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a');
    const leite = await a.api.products.create({ nome: 'Leite', preco: 5, estoque: 1000 });
    await converged(owner, [a]);
    await a.setOnline(false);
    await a.burstSales(leite, 150);
    await a.restart();
    const kept = (await a.docs('vendas')).length;
    expect(kept).toBeGreaterThan(0);
    expect(await a.stockOf(leite)).toBe(1000 - kept);
    for (let i = 0; i < 600; i++) await a.api.sales.register({ itens: [{ produto_id: leite, quantidade: 1 }] });
    await a.setOnline(true);
    await eventually(
      async () => {
        expect(await liveSales(owner)).toBeGreaterThan(0);
      },
      20_000,
      5,
    );
    await a.restart();
    const b = await device(owner, 'b');
    await converged(owner, [a, b], 60_000);
    expect(await liveSales(owner)).toBe(kept + 600);
    expect(await b.stockOf(leite)).toBe(1000 - kept - 600);
    await expectStockExact(owner, [a, b]);
  });

  it('finishes a push interrupted by a stack restart', { timeout: 180_000 }, async () => {
    const owner = await newOwner(stack);
    // Small batches, so that the restart falls in the middle of the push.
    const a = await device(owner, 'a', undefined, 50);
    const cafe = await a.api.products.create({ nome: 'Café', preco: 15, estoque: 5000 });
    await converged(owner, [a]);
    await a.setOnline(false);
    for (let i = 0; i < 2000; i++) await a.api.sales.register({ itens: [{ produto_id: cafe, quantidade: 1 }] });
    await a.setOnline(true);
    await eventually(
      async () => {
        expect(await salesOnServer(owner)).toBeGreaterThan(0);
      },
      20_000,
      5,
    );
    const config = { ...stack.config };
    // Devices are connected (HTTP and Realtime) and pushing: the close must not wait for them.
    await stack.stack.close();
    expect(await salesOnServerDirect(owner.userId)).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    restarted = await startStack(config, { db: stack.db, skipMigrations: true });
    const b = await device(owner, 'b');
    await converged(owner, [a, b], 90_000);
    expect(await liveSales(owner)).toBe(2000);
    expect(await a.stockOf(cafe)).toBe(3000);
    await expectStockExact(owner, [a, b]);
  });
});
