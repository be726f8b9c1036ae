// A device offline for a week with thousands of changes syncs completely, and a pull never skips a row that a
// slower transaction commits with an earlier `_modified`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPostgresUrl } from '../support/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { converged, eventually, newOwner, openDevice, serverRows, type Device, type Owner } from './support/devices.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

const DAY = 86_400_000;
let stack: TestStack;
const devices: Device[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const device of devices.splice(0)) await device.close();
  await stack.close();
});

async function device(owner: Owner, name: string, options: { realtime?: boolean } = {}): Promise<Device> {
  const opened = await openDevice(stack, owner, { name, ...options });
  devices.push(opened);
  return opened;
}

describe('a week offline', () => {
  it('syncs thousands of changes made over seven days offline, with exact numbers', { timeout: 240_000 }, async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a');
    const b = await device(owner, 'b');
    const products: string[] = [];
    for (let i = 0; i < 20; i++)
      products.push(await a.api.products.create({ nome: `Produto ${i}`, preco: 1 + i * 0.37, estoque: 1000 }));
    const clients: string[] = [];
    for (let i = 0; i < 5; i++) clients.push(await a.api.clients.create({ nome: `Cliente ${i}`, telefone: `1199999000${i}` }));
    await converged(owner, [a, b]);

    await a.setOnline(false);
    let changes = 0;
    for (let day = 0; day < 7; day++) {
      await a.setSkew(day * DAY);
      for (let i = 0; i < 400; i++) {
        const product = products[(day * 7 + i) % products.length] as string;
        const fiado = i % 10 === 0 ? (clients[i % clients.length] as string) : null;
        await a.api.sales.register({
          itens: [
            { produto_id: product, quantidade: 1 + (i % 3) },
            { produto_id: products[i % 5] as string, quantidade: 0.25 },
          ],
          ...(fiado ? { tipo: 'fiado' as const, cliente_id: fiado } : {}),
        });
        changes++;
      }
      for (let i = 0; i < 20; i++) await a.api.stock.receive({ produto_id: products[i] as string, quantidade: 5 + day });
      await a.api.stock.count({ produto_id: products[day] as string, quantidade: 500 });
      for (const client of clients) await a.api.clients.addDebit({ cliente_id: client, valor: 3.33 });
      await a.api.products.update(products[day] as string, { preco: 9.99 + day });
      changes += 20 + 1 + clients.length + 1;
    }
    // Meanwhile the shop's other device kept selling online.
    for (let i = 0; i < 50; i++)
      await b.api.sales.register({ itens: [{ produto_id: products[i % 20] as string, quantidade: 1 }] });
    expect(changes).toBeGreaterThan(2900);
    await eventually(async () => {
      expect((await a.status()).pending).toBe(changes);
    });

    await a.setOnline(true);
    await converged(owner, [a, b], 180_000);
    expect((await serverRows(owner, 'vendas')).length).toBe(7 * 400 + 50);
    const stock = await expectedStock(owner);
    const balances = await expectedBalances(owner);
    for (const d of [a, b]) {
      for (const [id, value] of stock) expect(await d.stockOf(id)).toBe(value);
      for (const [id, value] of balances) expect(await d.balanceOf(id)).toBe(value);
    }
    expect(await a.status()).toMatchObject({ phase: 'completed', pending: 0 });
  });
});

describe('pull and slow transactions', () => {
  it.runIf(testPostgresUrl())(
    'never skips a row a slower transaction commits with an earlier _modified',
    { timeout: 60_000 },
    async () => {
      const owner = await newOwner(stack);
      // Without Realtime the device learns of rows only by pulling: the checkpoint alone must be right.
      const b = await device(owner, 'b', { realtime: false });
      const slow = randomUUID();
      const fast = randomUUID();
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const now = new Date().toISOString();
      // Suppliers: products and clients move derived counters, whose writes one owner makes one at a time.
      const insert = `INSERT INTO public.fornecedores (id, user_id, nome, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`;
      let inserted: () => void = () => undefined;
      const slowInserted = new Promise<void>((resolve) => {
        inserted = resolve;
      });
      const slowTransaction = stack.db.transaction(async (tx) => {
        await tx.query(insert, [slow, owner.userId, 'Lento', now]);
        inserted();
        await released;
      });
      await slowInserted;
      await stack.db.query(insert, [fast, owner.userId, 'Rápido', now]);
      // The fast row is committed with a later _modified than the slow one, which is not committed yet.
      await b.api.sync.syncNow();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      release();
      await slowTransaction;
      await eventually(async () => {
        const ids = (await b.docs('fornecedores')).map((doc) => doc.id);
        expect(ids).toContain(fast);
        expect(ids).toContain(slow);
      }, 15_000);
    },
  );
});
