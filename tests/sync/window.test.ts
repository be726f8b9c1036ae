// The window of facts on a device (docs/growth.md §6): a new device pulls only the facts of the window and still
// shows the server's exact stock and balances; a device that held older facts drops its copies of the ones the
// server holds when it opens, keeps what it has not sent, and nothing moves anywhere else.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionNames, ownerCollectionNames } from '../../schemas/index.ts';
import { WINDOW_DAYS } from '../../workers/sync/window.ts';
import { hlcAt } from '../db/helpers.ts';
import { converged, eventually, newOwner, pairDevices, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';
import { startFaultProxy, type FaultProxy } from './support/proxy.ts';

const harness = useDeviceHarness();
let proxy: FaultProxy;
beforeAll(async () => {
  proxy = await startFaultProxy(harness.stack.url);
});
afterAll(async () => {
  await proxy.close();
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Mid-afternoon (UTC) of a day long before the window, and of one inside it. */
const OLD =
  Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 15) - (WINDOW_DAYS + 110) * DAY;
const RECENT = OLD + (WINDOW_DAYS + 100) * DAY;

interface History {
  produto: string;
  cliente: string;
  old: Record<'vendas' | 'historico_estoque' | 'fiado_lancamentos' | 'despesas', string[]>;
  recent: Record<'vendas' | 'historico_estoque' | 'fiado_lancamentos' | 'despesas', string[]>;
}

/** A shop's facts written on the server: a count and sales long ago, and more of each inside the window. */
async function seedHistory(owner: Owner): Promise<History> {
  const db = harness.stack.db;
  const produto = randomUUID();
  const cliente = randomUUID();
  await db.query(`INSERT INTO produtos (id, user_id, nome, preco, estoque_minimo) VALUES ($1, $2, 'Arroz', 5, 0)`, [
    produto,
    owner.userId,
  ]);
  await db.query(`INSERT INTO clientes (id, user_id, nome) VALUES ($1, $2, 'Maria')`, [cliente, owner.userId]);
  const facts = async (at: number) => {
    const ids = {
      vendas: [randomUUID(), randomUUID()],
      historico_estoque: [randomUUID()],
      fiado_lancamentos: [randomUUID()],
      despesas: [randomUUID()],
    };
    await db.query(
      `INSERT INTO historico_estoque (id, user_id, produto_id, tipo, quantidade, hlc, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        ids.historico_estoque[0],
        owner.userId,
        produto,
        at === OLD ? 'ajuste' : 'entrada',
        at === OLD ? 100 : 20,
        hlcAt(at),
        iso(at),
      ],
    );
    for (const [index, id] of ids.vendas.entries()) {
      const when = at + (index + 1) * 60_000;
      const fiado = index === 1;
      await db.query(
        `INSERT INTO vendas (id, user_id, data, total, tipo, cliente_id, hlc, itens, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          owner.userId,
          iso(when).slice(0, 10),
          10,
          fiado ? 'fiado' : 'avista',
          fiado ? cliente : null,
          hlcAt(when),
          JSON.stringify([
            {
              produto_id: produto,
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
    }
    await db.query(
      `INSERT INTO fiado_lancamentos (id, user_id, cliente_id, tipo, valor, data, created_at) VALUES ($1, $2, $3, 'pagamento', 3, $4, $5)`,
      [ids.fiado_lancamentos[0], owner.userId, cliente, iso(at).slice(0, 10), iso(at + 300_000)],
    );
    await db.query(`INSERT INTO despesas (id, user_id, descricao, valor, data) VALUES ($1, $2, 'Luz', 40, $3)`, [
      ids.despesas[0],
      owner.userId,
      iso(at).slice(0, 10),
    ]);
    return ids;
  };
  return { produto, cliente, old: await facts(OLD), recent: await facts(RECENT) };
}

const FACT_TABLES = ['vendas', 'historico_estoque', 'fiado_lancamentos', 'despesas'] as const;

async function idsOn(device: Device, table: (typeof FACT_TABLES)[number]): Promise<Set<string>> {
  return new Set((await device.docs(table)).map((doc) => String(doc.id)));
}

/** The device shows the server's stock and balance, and those are the fold of every fact. */
async function expectExact(owner: Owner, device: Device, history: History): Promise<{ stock: number; balance: number }> {
  const stock = (await expectedStock(owner)).get(history.produto);
  const balance = (await expectedBalances(owner)).get(history.cliente);
  const server = (await serverRows(owner, 'produtos')).find((row) => row.id === history.produto);
  expect(Number(server?.estoque)).toBe(stock);
  expect(await device.stockOf(history.produto)).toBe(stock);
  expect(await device.balanceOf(history.cliente)).toBe(balance);
  return { stock: stock ?? Number.NaN, balance: balance ?? Number.NaN };
}

describe('the window of facts', () => {
  it('a new device pulls the facts of the window alone, with the exact stock and balances', { timeout: 120_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const history = await seedHistory(owner);
    // The owner has no cut yet: the device asks for today's before it pulls the facts.
    const device = await harness.open(owner, { name: 'novo' });
    await converged(owner, [device]);
    for (const table of FACT_TABLES) {
      const held = await idsOn(device, table);
      for (const id of history.recent[table]) expect(held.has(id), `${table} recente`).toBe(true);
      for (const id of history.old[table]) expect(held.has(id), `${table} antigo`).toBe(false);
    }
    // 100 counted, 20 received, four sales of 2; 10 on credit twice, 3 paid twice.
    expect(await expectExact(owner, device, history)).toEqual({ stock: 112, balance: 14 });
    await device.reopen();
    expect(await expectExact(owner, device, history)).toEqual({ stock: 112, balance: 14 });
  });

  it(
    'a device that held older facts drops the ones the server holds when it opens, keeps its unsent one, and nothing else moves',
    { timeout: 180_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const history = await seedHistory(owner);
      // Devices of an earlier version: the server could not cut (no bases), so they pulled everything.
      proxy.refuse('avancar_corte', 1_000);
      const a = await harness.open(owner, { name: 'ano', url: proxy.url });
      const b = await harness.open(owner, { name: 'par', url: proxy.url });
      // Expenses are left out by their day whatever the cut: this one of the old day is written here and sent.
      const sentOld = await a.api.expenses.create({
        descricao: 'Aluguel',
        valor: 900,
        data: iso(OLD).slice(0, 10),
        categoria_id: null,
      });
      history.old.despesas = [sentOld];
      await converged(owner, [a, b]);
      for (const table of FACT_TABLES)
        for (const id of history.old[table]) expect((await idsOn(a, table)).has(id), `${table} antigo`).toBe(true);
      const { error } = await harness.stack
        .serviceClient()
        .rpc('avancar_corte_ate', { p_user_id: owner.userId, p_corte: iso(Date.now() - 60_000) });
      expect(error).toBeNull();
      await Promise.all([a.api.sync.syncNow(), b.api.sync.syncNow()]);
      await converged(owner, [a, b]);
      const before = await expectExact(owner, a, history);
      const serverBefore = new Map(
        await Promise.all(collectionNames.map(async (table) => [table, (await serverRows(owner, table)).length] as const)),
      );

      // An expense of that old day written offline: not on the server, so never dropped.
      await a.setOnline(false);
      const unsent = await a.api.expenses.create({
        descricao: 'Conta antiga',
        valor: 25,
        data: iso(OLD).slice(0, 10),
        categoria_id: null,
      });
      await a.reopen();
      for (const table of FACT_TABLES) {
        const held = await idsOn(a, table);
        for (const id of history.old[table]) expect(held.has(id), `${table} antigo`).toBe(false);
        for (const id of history.recent[table]) expect(held.has(id), `${table} recente`).toBe(true);
      }
      expect((await idsOn(a, 'despesas')).has(unsent)).toBe(true);
      expect(await a.stockOf(history.produto)).toBe(before.stock);
      expect(await a.balanceOf(history.cliente)).toBe(before.balance);

      await a.setOnline(true);
      await eventually(async () => {
        expect((await a.status()).pending).toBe(0);
      });
      // The server lost nothing and took the unsent expense; the paired device keeps its copies.
      await pairDevices(a, b);
      await a.api.sales.register({ itens: [{ produto_id: history.produto, quantidade: 1 }] });
      await converged(owner, [a, b]);
      // The owner's own rows (the server derives the rest: a new sale moves its day's rollups).
      for (const table of ownerCollectionNames) {
        const count = (await serverRows(owner, table)).length;
        expect(count, table).toBe((serverBefore.get(table) ?? 0) + (table === 'despesas' || table === 'vendas' ? 1 : 0));
      }
      expect((await serverRows(owner, 'despesas')).some((row) => row.id === unsent)).toBe(true);
      // (The expense of the old day written on the first device never reached it: left out by the pull.)
      for (const table of FACT_TABLES.filter((name) => name !== 'despesas'))
        for (const id of history.old[table]) expect((await idsOn(b, table)).has(id), `${table} antigo no par`).toBe(true);
      expect(await expectExact(owner, a, history)).toEqual({ stock: before.stock - 1, balance: before.balance });
      expect(await b.stockOf(history.produto)).toBe(before.stock - 1);
      await a.restart();
      expect(await expectExact(owner, a, history)).toEqual({ stock: before.stock - 1, balance: before.balance });
    },
  );

  it(
    'a sale edited here after its days left the window comes back stamped, and the stock counts the edit once',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const device = await harness.open(owner, { name: 'aberto' });
      const produto = await device.api.products.create({ nome: 'Arroz', preco: 5, estoque: 10 });
      const venda = await device.api.sales.register({ itens: [{ produto_id: produto, quantidade: 1 }] });
      await converged(owner, [device]);
      // The days go by with the app open: the owner's cut and the window's first day pass the sale's day, and the
      // device still holds its copy (compaction waits for the next opening).
      const { error } = await harness.stack
        .serviceClient()
        .rpc('avancar_corte_ate', { p_user_id: owner.userId, p_corte: iso(Date.now() + 2 * DAY) });
      expect(error).toBeNull();
      await device.setWindowShift(WINDOW_DAYS + 1);
      await device.api.sync.syncNow();
      const baseOf = async () =>
        (await device.docs('bases_contadores')).find((doc) => doc.tipo === 'estoque' && doc.ref_id === produto);
      await eventually(async () => {
        expect(Number((await baseOf())?.valor)).toBe(9);
      });

      await device.api.sales.update({
        id: venda,
        // A day before the window whatever the hour (the UTC date may still be inside it in the owner's evening).
        data: iso(Date.now() - 2 * DAY).slice(0, 10),
        tipo: 'avista',
        cliente_id: null,
        itens: [{ produto_id: produto, quantidade: 3 }],
      });
      await eventually(async () => {
        expect((await device.status()).pending).toBe(0);
        expect(Number((await baseOf())?.valor)).toBe(7);
      });
      // The server's version of the edit reaches the copy although the pull leaves the sale out.
      const server = (await serverRows(owner, 'vendas')).find((row) => row.id === venda);
      await eventually(async () => {
        const copy = (await device.docs('vendas')).find((doc) => doc.id === venda);
        expect(await device.stockOf(produto)).toBe(7);
        expect(copy?.server_modified).toBe(server?._modified);
      }, 10_000);
      await device.reopen();
      expect(await device.stockOf(produto)).toBe(7);
      expect((await device.docs('vendas')).filter((doc) => doc.id === venda && doc._deleted !== true)).toEqual([]);
    },
  );
});

describe('the server version of a fact pushed from outside the window', () => {
  it(
    'is read back after a restart that came before it, and the stock counts a sale edited from outside the window once',
    { timeout: 120_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const device = await harness.open(owner, { name: 'reiniciado', url: proxy.url });
      const produto = await device.api.products.create({ nome: 'Arroz', preco: 5, estoque: 10 });
      const venda = await device.api.sales.register({ itens: [{ produto_id: produto, quantidade: 1 }] });
      await converged(owner, [device]);
      // The days go by with the app open: the owner's cut and the window's first day pass the sale's day, and the
      // device still holds its copy.
      const { error } = await harness.stack
        .serviceClient()
        .rpc('avancar_corte_ate', { p_user_id: owner.userId, p_corte: iso(Date.now() + 2 * DAY) });
      expect(error).toBeNull();
      await device.setWindowShift(WINDOW_DAYS + 1);
      await device.api.sync.syncNow();
      const baseOf = async () =>
        (await device.docs('bases_contadores')).find((doc) => doc.tipo === 'estoque' && doc.ref_id === produto);
      await eventually(async () => {
        expect(Number((await baseOf())?.valor)).toBe(9);
      });

      // The sale is edited from 1 to 3 (on a day before the window); the server takes it, and the app stops before
      // it reads the sale back.
      const readBack = proxy.hold('/rest/v1/vendas?', () => true);
      await device.api.sales.update({
        id: venda,
        data: iso(Date.now() - 2 * DAY).slice(0, 10),
        tipo: 'avista',
        cliente_id: null,
        itens: [{ produto_id: produto, quantidade: 3 }],
      });
      await eventually(async () => {
        expect((await device.status()).pending).toBe(0);
        expect(readBack.held()).toBeGreaterThan(0);
      });
      await device.restart();
      readBack.release();

      // Started again, it reads the sale back and takes the new base: the stock is 7, not 5.
      const server = (await serverRows(owner, 'vendas')).find((row) => row.id === venda);
      await eventually(async () => {
        expect(Number((await baseOf())?.valor)).toBe(7);
        expect(await device.stockOf(produto)).toBe(7);
        const copy = (await device.docs('vendas')).find((doc) => doc.id === venda);
        expect(copy?.server_modified).toBe(server?._modified);
      }, 30_000);
      await device.reopen();
      expect(await device.stockOf(produto)).toBe(7);
      expect((await device.docs('vendas')).filter((doc) => doc.id === venda && doc._deleted !== true)).toEqual([]);
    },
  );
});
