// A new device downloads in two phases (docs/growth.md §7): it is ready to sell, with the server's exact stock and
// balances, as soon as the catalogue, the bases and today's facts are in, while the older part of the window is
// still held back; a reopen in the middle of the older part resumes it where it was; then it holds exactly the
// window, each fact once.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WINDOW_DAYS, windowStart } from '../../workers/sync/window.ts';
import { hlcAt } from '../db/helpers.ts';
import { eventually, newOwner, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';
import { startFaultProxy, type FaultProxy } from './support/proxy.ts';

const harness = useDeviceHarness();
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(harness.stack.url);
});
// A test that fails with requests held must not leave the next one's held too.
afterEach(() => {
  proxy.clearFaults();
});
afterAll(async () => {
  await proxy.close();
});

const DAY = 86_400_000;
const FACT_TABLES = ['vendas', 'historico_estoque', 'fiado_lancamentos', 'despesas'] as const;
type FactTable = (typeof FACT_TABLES)[number];
const iso = (ms: number) => new Date(ms).toISOString();
/** Midday in São Paulo (15:00 UTC), `days` days ago. */
const middayAgo = (days: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15) - days * DAY;
};
/** Days inside the window and before today, each with its facts. */
const OLDER_DAYS = 8;

interface Shop {
  produto: string;
  cliente: string;
  /** The facts of today, of the window before today, and of before the window. */
  today: Record<FactTable, string[]>;
  older: Record<FactTable, string[]>;
  beyond: Record<FactTable, string[]>;
}

const noFacts = (): Record<FactTable, string[]> => ({ vendas: [], historico_estoque: [], fiado_lancamentos: [], despesas: [] });

/** A shop with a count long ago, and every day since a delivery, two sales (one on credit), a payment and an expense. */
async function seedShop(owner: Owner): Promise<Shop> {
  const db = harness.stack.db;
  const shop: Shop = { produto: randomUUID(), cliente: randomUUID(), today: noFacts(), older: noFacts(), beyond: noFacts() };
  await db.query(`INSERT INTO produtos (id, user_id, nome, preco, estoque_minimo) VALUES ($1, $2, 'Arroz', 5, 0)`, [
    shop.produto,
    owner.userId,
  ]);
  await db.query(`INSERT INTO clientes (id, user_id, nome) VALUES ($1, $2, 'Maria')`, [shop.cliente, owner.userId]);
  const day = async (at: number, into: Record<FactTable, string[]>, count: boolean) => {
    const stock = randomUUID();
    await db.query(
      `INSERT INTO historico_estoque (id, user_id, produto_id, tipo, quantidade, hlc, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [stock, owner.userId, shop.produto, count ? 'ajuste' : 'entrada', count ? 500 : 10, hlcAt(at), iso(at)],
    );
    into.historico_estoque.push(stock);
    for (const fiado of [false, true]) {
      const id = randomUUID();
      const when = at + (fiado ? 2 : 1) * 1_000;
      await db.query(
        `INSERT INTO vendas (id, user_id, data, total, tipo, cliente_id, hlc, itens, created_at) VALUES ($1, $2, $3, 10, $4, $5, $6, $7, $8)`,
        [
          id,
          owner.userId,
          iso(when).slice(0, 10),
          fiado ? 'fiado' : 'avista',
          fiado ? shop.cliente : null,
          hlcAt(when),
          JSON.stringify([
            {
              produto_id: shop.produto,
              quantidade: 2,
              preco_unitario: 5,
              preco_total: 10,
              nome_produto: 'Arroz',
              unidade_produto: 'un',
            },
          ]),
          iso(when),
        ],
      );
      into.vendas.push(id);
    }
    const payment = randomUUID();
    await db.query(
      `INSERT INTO fiado_lancamentos (id, user_id, cliente_id, tipo, valor, data, created_at) VALUES ($1, $2, $3, 'pagamento', 3, $4, $5)`,
      [payment, owner.userId, shop.cliente, iso(at).slice(0, 10), iso(at + 3_000)],
    );
    into.fiado_lancamentos.push(payment);
    const expense = randomUUID();
    await db.query(`INSERT INTO despesas (id, user_id, descricao, valor, data) VALUES ($1, $2, 'Luz', 40, $3)`, [
      expense,
      owner.userId,
      iso(at).slice(0, 10),
    ]);
    into.despesas.push(expense);
  };
  await day(middayAgo(WINDOW_DAYS + 20), shop.beyond, true);
  for (let ago = OLDER_DAYS + 1; ago > 1; ago--) await day(middayAgo(ago), shop.older, false);
  // Today's facts: a few seconds ago, after the start of the owner's day.
  await day(Date.now() - 5_000, shop.today, false);
  return shop;
}

async function idsOn(device: Device, table: FactTable): Promise<Set<string>> {
  return new Set((await device.docs(table)).map((doc) => String(doc.id)));
}

/** The device shows the stock and balance the server's facts fold to. */
async function expectExact(owner: Owner, device: Device, shop: Shop): Promise<void> {
  expect(await device.stockOf(shop.produto)).toBe((await expectedStock(owner)).get(shop.produto));
  expect(await device.balanceOf(shop.cliente)).toBe((await expectedBalances(owner)).get(shop.cliente));
}

interface PullBody {
  p_table?: string;
  p_desde?: string;
  p_after_modified?: string | null;
  p_limit?: number;
}
const parsed = (body: string): PullBody => (body === '' ? {} : (JSON.parse(body) as PullBody));

describe('first download in phases', () => {
  it(
    'a new device sells with exact stock before the older facts arrive, resumes them after a reopen, then holds the window',
    { timeout: 180_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const shop = await seedShop(owner);
      const wide = windowStart(Date.now());
      // The older part of the sales passes up to its third older sale's place in the server's order; every other
      // page of the older parts is held. With pages of 3, an older page asks for 2 rows: the live pulls (3 rows, which
      // go first whenever one is due) pass.
      const olderSales = (await serverRows(owner, 'vendas'))
        .filter((row) => shop.older.vendas.includes(String(row.id)))
        .map((row) => String(row._modified))
        .sort();
      const passesUpTo = olderSales[2] ?? '';
      const held = proxy.hold('replicate_pull', (body) => {
        const pull = parsed(body);
        if (pull.p_desde !== wide || pull.p_limit !== 2) return false;
        return pull.p_table !== 'vendas' || (pull.p_after_modified ?? '') > passesUpTo;
      });

      const device = await harness.open(owner, { name: 'novo', url: proxy.url, batchSize: 3 });
      await eventually(async () => {
        expect((await device.status()).download).toMatchObject({ readyToSell: true });
      }, 60_000);
      // Ready to sell: exact stock and balances from the bases and today's facts; the older ones are held back.
      await expectExact(owner, device, shop);
      for (const table of FACT_TABLES) {
        const onDevice = await idsOn(device, table);
        for (const id of shop.today[table]) expect(onDevice.has(id), `${table} de hoje`).toBe(true);
        for (const id of shop.beyond[table]) expect(onDevice.has(id), `${table} antes da janela`).toBe(false);
        if (table !== 'vendas') for (const id of shop.older[table]) expect(onDevice.has(id), `${table} da janela`).toBe(false);
      }
      await device.api.sales.register({ itens: [{ produto_id: shop.produto, quantidade: 1 }] });
      await eventually(async () => {
        expect((await device.status()).pending).toBe(0);
      });
      await eventually(() => expectExact(owner, device, shop), 20_000);
      // The first pages of the older sales came in; the rest waits.
      await eventually(async () => {
        const onDevice = await idsOn(device, 'vendas');
        expect(shop.older.vendas.filter((id) => onDevice.has(id)).length).toBeGreaterThanOrEqual(2);
        expect(held.held()).toBeGreaterThan(0);
      });
      const olderFromStart = (bodies: string[]) =>
        bodies.map(parsed).filter((pull) => pull.p_table === 'vendas' && pull.p_desde === wide && pull.p_after_modified == null);
      expect(olderFromStart(proxy.bodies('replicate_pull'))).toHaveLength(1);

      // Reopened in the middle: still ready to sell, still exact, and the older part goes on from where it was.
      const before = proxy.bodies('replicate_pull').length;
      await device.reopen();
      expect((await device.status()).download).toMatchObject({ readyToSell: true });
      await expectExact(owner, device, shop);
      held.release();
      await eventually(async () => {
        expect((await device.status()).download).toBeNull();
      }, 60_000);
      expect(olderFromStart(proxy.bodies('replicate_pull').slice(before))).toHaveLength(0);

      // Exactly the window, each fact once.
      for (const table of FACT_TABLES) {
        const docs = await device.docs(table);
        const ids = docs.map((doc) => String(doc.id));
        expect(new Set(ids).size, table).toBe(ids.length);
        const expected = [...shop.today[table], ...shop.older[table]];
        if (table === 'vendas') expect(ids.length).toBe(expected.length + 1);
        else expect(ids.length, table).toBe(expected.length);
        for (const id of expected) expect(ids.includes(id), table).toBe(true);
      }
      await expectExact(owner, device, shop);
    },
  );

  it(
    "a new device is ready to sell only once it holds the bases of today's cut, however late the server makes them",
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const shop = await seedShop(owner);
      const wide = windowStart(Date.now());
      // The owner has no cut yet: the server makes every base when the device asks for today's. That request waits
      // until the catalogue is on the device; every pull of the bases after it waits for its answer to be released.
      const cutHeld = proxy.hold('avancar_corte', () => true);
      let cutAnswered = false;
      const basesHeld = proxy.holdAnswers('replicate_pull', (body) => cutAnswered && parsed(body).p_table === 'bases_contadores');
      const olderHeld = proxy.hold('replicate_pull', (body) => parsed(body).p_desde === wide);
      const device = await harness.open(owner, { name: 'corte-tardio', url: proxy.url });
      await eventually(async () => {
        expect(cutHeld.held()).toBe(1);
        expect((await device.docs('produtos')).map((doc) => doc.id)).toContain(shop.produto);
        expect((await device.docs('clientes')).map((doc) => doc.id)).toContain(shop.cliente);
      }, 60_000);
      cutAnswered = true;
      cutHeld.release();

      // Today's facts are in while the new bases are still on their way: not ready yet.
      await eventually(async () => {
        for (const table of ['vendas', 'historico_estoque', 'fiado_lancamentos'] as const) {
          const onDevice = await idsOn(device, table);
          for (const id of shop.today[table]) expect(onDevice.has(id), table).toBe(true);
        }
        expect(basesHeld.held()).toBeGreaterThan(0);
      }, 60_000);
      expect((await device.status()).download).toMatchObject({ readyToSell: false });
      basesHeld.release();
      await eventually(async () => {
        expect((await device.status()).download).toMatchObject({ readyToSell: true });
      }, 60_000);
      await expectExact(owner, device, shop);
      olderHeld.release();
      await eventually(async () => {
        expect((await device.status()).download).toBeNull();
      }, 60_000);
    },
  );

  it(
    'a stock fact streamed while the first live pull after a reopen is on its way is pulled, though the older part has pages to go',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const shop = await seedShop(owner);
      const wide = windowStart(Date.now());
      // With pages of 4, the older part asks for 3 rows at a time and the live pull for 4: the window's nine stock
      // facts (eight older days and today) are three full pages, the last one ending where the live pull began.
      const stockPull = (limit: number) => (body: string) => {
        const pull = parsed(body);
        return pull.p_table === 'historico_estoque' && pull.p_desde === wide && pull.p_limit === limit;
      };
      const olderHeld = proxy.hold('replicate_pull', stockPull(3));
      const device = await harness.open(owner, { name: 'reaberto', url: proxy.url, batchSize: 4 });
      await eventually(() => {
        expect(olderHeld.held()).toBe(1);
      }, 60_000);

      // Reopened in the middle of the older part: its first live pull is answered only once a delivery made after
      // the server read the page has reached the device through Realtime.
      const liveHeld = proxy.holdAnswers('replicate_pull', stockPull(4));
      await device.reopen();
      await eventually(() => {
        expect(liveHeld.held()).toBe(1);
      }, 30_000);
      const db = harness.stack.db;
      const delivery = randomUUID();
      await db.query(
        `INSERT INTO historico_estoque (id, user_id, produto_id, tipo, quantidade, hlc, created_at) VALUES ($1, $2, $3, 'entrada', 7, $4, $5)`,
        [delivery, owner.userId, shop.produto, hlcAt(Date.now()), iso(Date.now())],
      );
      // A product inserted after it reaches the device after it on the same channel: then the delivery was heard.
      const marker = randomUUID();
      await db.query(`INSERT INTO produtos (id, user_id, nome, preco, estoque_minimo) VALUES ($1, $2, 'Feijão', 8, 0)`, [
        marker,
        owner.userId,
      ]);
      await eventually(async () => {
        expect((await device.docs('produtos')).some((doc) => doc.id === marker)).toBe(true);
      });
      liveHeld.release();
      olderHeld.release();

      await eventually(async () => {
        expect((await device.status()).download).toBeNull();
        expect(await idsOn(device, 'historico_estoque')).toContain(delivery);
      }, 20_000);
      await expectExact(owner, device, shop);
    },
  );
});
