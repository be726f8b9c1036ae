// Stock and balances on a device from the server's bases (docs/growth.md §4): opening reads the bases and the
// facts since the cut, not the history, and the numbers stay exact through a late sale made offline before the cut,
// another device's edit of a sale of an earlier day, and the cut moving while the device is closed.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hlcAt } from '../db/helpers.ts';
import { converged, eventually, newOwner, serverRows, type Device, type Owner } from './support/devices.ts';
import { useDeviceHarness } from './support/harness.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

const harness = useDeviceHarness();
const DAY = 86_400_000;

interface Shop {
  products: string[];
  clients: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A year of a shop's business that ended two days before `until`, written on the server in the shape the app
 * writes: a count per product a year ago, three sales a day (one in five on credit), a delivery a month per
 * product, a payment a week per client.
 */
async function seedYear(owner: Owner, until: number): Promise<Shop> {
  const db = harness.stack.db;
  const products = Array.from({ length: 4 }, () => randomUUID());
  const clients = Array.from({ length: 2 }, () => randomUUID());
  const start = until - 367 * DAY;
  const at = (day: number, minute: number) => start + day * DAY + minute * 60_000;
  await db.query(
    `INSERT INTO produtos (id, user_id, nome, preco, estoque_minimo, created_at, updated_at)
     SELECT x.id, $1, x.nome, 5, 0, $2, $2 FROM jsonb_to_recordset($3) AS x(id uuid, nome text)`,
    [owner.userId, iso(start), JSON.stringify(products.map((id, index) => ({ id, nome: `Produto ${index}` })))],
  );
  await db.query(
    `INSERT INTO clientes (id, user_id, nome, created_at, updated_at)
     SELECT x.id, $1, x.nome, $2, $2 FROM jsonb_to_recordset($3) AS x(id uuid, nome text)`,
    [owner.userId, iso(start), JSON.stringify(clients.map((id, index) => ({ id, nome: `Cliente ${index}` })))],
  );
  const stock = products.flatMap((produto_id, index) => [
    {
      id: randomUUID(),
      produto_id,
      tipo: 'ajuste',
      quantidade: 2000,
      hlc: hlcAt(at(0, index), 0, 'seed'),
      created_at: iso(at(0, index)),
    },
    ...Array.from({ length: 12 }, (_, month) => ({
      id: randomUUID(),
      produto_id,
      tipo: 'entrada',
      quantidade: 30 + month,
      hlc: hlcAt(at(1 + month * 30, 10 + index), 0, 'seed'),
      created_at: iso(at(1 + month * 30, 10 + index)),
    })),
  ]);
  await db.query(
    `INSERT INTO historico_estoque (id, user_id, produto_id, tipo, quantidade, hlc, created_at, updated_at)
     SELECT x.id, $1, x.produto_id, x.tipo, x.quantidade, x.hlc, x.created_at, x.created_at
       FROM jsonb_to_recordset($2) AS x(id uuid, produto_id uuid, tipo text, quantidade numeric, hlc text, created_at timestamptz)`,
    [owner.userId, JSON.stringify(stock)],
  );
  const sales = Array.from({ length: 365 * 3 }, (_, index) => {
    const day = 1 + Math.floor(index / 3);
    const when = at(day, 60 + (index % 3) * 90);
    const produto_id = products[index % products.length] as string;
    const quantidade = 1 + (index % 4) * 0.25;
    const fiado = index % 5 === 0;
    return {
      id: randomUUID(),
      data: iso(when).slice(0, 10),
      total: quantidade * 5,
      tipo: fiado ? 'fiado' : 'avista',
      cliente_id: fiado ? clients[index % clients.length] : null,
      hlc: hlcAt(when, 0, 'seed'),
      itens: [
        {
          produto_id,
          quantidade,
          preco_unitario: 5,
          preco_total: quantidade * 5,
          nome_produto: 'Produto',
          unidade_produto: 'un',
        },
      ],
      created_at: iso(when),
    };
  });
  await db.query(
    `INSERT INTO vendas (id, user_id, data, total, tipo, cliente_id, hlc, itens, created_at, updated_at)
     SELECT x.id, $1, x.data, x.total, x.tipo, x.cliente_id, x.hlc, x.itens, x.created_at, x.created_at
       FROM jsonb_to_recordset($2) AS x(id uuid, data date, total numeric, tipo text, cliente_id uuid, hlc text, itens jsonb,
                                        created_at timestamptz)`,
    [owner.userId, JSON.stringify(sales)],
  );
  const ledger = clients.flatMap((cliente_id, index) =>
    Array.from({ length: 52 }, (_, week) => ({
      id: randomUUID(),
      cliente_id,
      tipo: 'pagamento',
      valor: 2,
      data: iso(at(3 + week * 7, index)).slice(0, 10),
      created_at: iso(at(3 + week * 7, index)),
    })),
  );
  await db.query(
    `INSERT INTO fiado_lancamentos (id, user_id, cliente_id, tipo, valor, data, created_at, updated_at)
     SELECT x.id, $1, x.cliente_id, x.tipo, x.valor, x.data, x.created_at, x.created_at
       FROM jsonb_to_recordset($2) AS x(id uuid, cliente_id uuid, tipo text, valor numeric, data date, created_at timestamptz)`,
    [owner.userId, JSON.stringify(ledger)],
  );
  return { products, clients };
}

/** The start of the server's current day for the owner (what `avancar_corte` moves the cut to). */
async function todaysCut(): Promise<number> {
  const { rows } = await harness.stack.db.query<{ cut: Date | string }>(`SELECT public.inicio_do_dia(now()) AS cut`);
  return new Date(rows[0]?.cut ?? Number.NaN).getTime();
}

/** Moves the owner's cut to `instant`, as the day turning over would (the service role's RPC). */
async function advanceCut(owner: Owner, instant: number): Promise<void> {
  const { error } = await harness.stack
    .serviceClient()
    .rpc('avancar_corte_ate', { p_user_id: owner.userId, p_corte: iso(instant) });
  expect(error).toBeNull();
}

/** The instant just after a stamp's physical time: a cut there leaves the stamped fact before it. */
const justAfter = (hlc: string) => Number.parseInt(hlc.slice(0, 11), 36) + 1;

/** The server's derived columns, which every device must show. */
async function serverNumbers(owner: Owner): Promise<{ stock: Map<string, number>; balance: Map<string, number> }> {
  const products = await serverRows(owner, 'produtos');
  const clients = await serverRows(owner, 'clientes');
  return {
    stock: new Map(products.map((row) => [String(row.id), Number(row.estoque)])),
    balance: new Map(clients.map((row) => [String(row.id), Number(row.saldo_devedor)])),
  };
}

/** Every device shows the server's stock and balances, and those are the fold of every fact. */
async function expectExact(owner: Owner, devices: readonly Device[]): Promise<void> {
  const server = await serverNumbers(owner);
  expect(server.stock).toEqual(await expectedStock(owner));
  expect(server.balance).toEqual(await expectedBalances(owner));
  for (const device of devices) {
    for (const [id, value] of server.stock) expect(await device.stockOf(id), `${device.name} stock ${id}`).toBe(value);
    for (const [id, value] of server.balance) expect(await device.balanceOf(id), `${device.name} balance ${id}`).toBe(value);
  }
}

/** A row as the server holds it (what Realtime would deliver). */
async function serverRow(
  owner: Owner,
  table: 'vendas' | 'bases_contadores',
  column: string,
  id: string,
): Promise<Record<string, unknown>> {
  const rows = (await serverRows(owner, table)).filter((row) => row[column] === id);
  expect(rows).toHaveLength(1);
  return rows[0] ?? {};
}

async function docOf(device: Device, table: 'vendas' | 'bases_contadores', column: string, id: string) {
  return (await device.docs(table)).find((doc) => doc[column] === id);
}

describe('counters from the server bases', () => {
  it(
    'a device with a year of history opens reading the bases and the day, with exact numbers',
    { timeout: 240_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const cut = await todaysCut();
      const shop = await seedYear(owner, cut);
      const a = await harness.open(owner, { name: 'ano' });
      // Going online asks for today's cut: the server folds the year into one base per product and client.
      await eventually(async () => {
        expect(await serverRows(owner, 'bases_contadores')).toHaveLength(shop.products.length + shop.clients.length);
      });
      await converged(owner, [a], 120_000);

      const [arroz, feijao] = shop.products as [string, string];
      const [maria] = shop.clients as [string];
      await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
      await a.api.sales.register({ itens: [{ produto_id: feijao, quantidade: 1.5 }], tipo: 'fiado', cliente_id: maria });
      await a.api.sales.register({
        itens: [
          { produto_id: arroz, quantidade: 1 },
          { produto_id: feijao, quantidade: 1 },
        ],
      });
      await a.api.stock.receive({ produto_id: arroz, quantidade: 12 });
      await a.api.clients.addDebit({ cliente_id: maria, valor: 7.5 });
      await converged(owner, [a]);
      await expectExact(owner, [a]);

      await a.reopen();
      // The bases and today's five facts, not the year's 1,095 sales, 52 stock facts and 104 payments.
      expect(await a.countersRead()).toEqual({ bases: shop.products.length + shop.clients.length, facts: 5 });
      await expectExact(owner, [a]);
      await a.restart();
      await expectExact(owner, [a]);
    },
  );

  it(
    'a sale made offline before the cut is exact before its push, after it, after its base, and after a restart',
    {
      timeout: 180_000,
    },
    async () => {
      const owner = await newOwner(harness.stack);
      const a = await harness.open(owner, { name: 'atrasado', realtime: false });
      const arroz = await a.api.products.create({ nome: 'Arroz', preco: 4, estoque: 40 });
      const maria = await a.api.clients.create({ nome: 'Maria', telefone: '11999990001' });
      await a.api.sync.syncNow();
      await converged(owner, [a]);
      // The owner's day ends while the device is about to go offline: its next sale falls before the cut.
      await advanceCut(owner, Date.now() + 3_600_000);
      await a.api.sync.syncNow();
      await converged(owner, [a]);
      const stale = await docOf(a, 'bases_contadores', 'ref_id', arroz);
      expect(stale?.valor).toBe(40);

      await a.setOnline(false);
      const sale = await a.api.sales.register({
        itens: [{ produto_id: arroz, quantidade: 3 }],
        tipo: 'fiado',
        cliente_id: maria,
      });
      expect(await a.stockOf(arroz)).toBe(37);
      expect(await a.balanceOf(maria)).toBe(12);
      // Counted as waiting from the moment it is saved: the wait for the push below cannot end before the push.
      expect((await a.status()).pending).toBe(1);

      await a.setOnline(true);
      await eventually(async () => {
        expect((await a.status()).pending).toBe(0);
      });
      expect(await a.stockOf(arroz)).toBe(37);
      expect(await a.balanceOf(maria)).toBe(12);

      // Realtime is off: the sale as the server holds it arrives first, then the base that folds it.
      await a.receive('vendas', await serverRow(owner, 'vendas', 'id', sale), 1);
      await eventually(async () => {
        expect((await docOf(a, 'vendas', 'id', sale))?.server_modified).toBeTruthy();
      });
      expect(await a.stockOf(arroz)).toBe(37);
      expect(await a.balanceOf(maria)).toBe(12);
      const base = await serverRow(owner, 'bases_contadores', 'ref_id', arroz);
      expect(Number(base.valor)).toBe(37);
      await a.receive('bases_contadores', base, 1);
      await a.receive('bases_contadores', await serverRow(owner, 'bases_contadores', 'ref_id', maria), 1);
      await eventually(async () => {
        expect((await docOf(a, 'bases_contadores', 'ref_id', arroz))?.valor).toBe(37);
        expect((await docOf(a, 'bases_contadores', 'ref_id', maria))?.valor).toBe(12);
      });
      expect(await a.stockOf(arroz)).toBe(37);
      expect(await a.balanceOf(maria)).toBe(12);

      await a.api.sync.syncNow();
      await converged(owner, [a]);
      await expectExact(owner, [a]);
      await a.reopen();
      // Everything is before the cut and folded: the bases alone.
      expect(await a.countersRead()).toEqual({ bases: 2, facts: 0 });
      await expectExact(owner, [a]);
      await a.restart();
      await expectExact(owner, [a]);
    },
  );

  it("another device's edit of an earlier day's sale: both devices agree with the server", { timeout: 180_000 }, async () => {
    const owner = await newOwner(harness.stack);
    const a = await harness.open(owner, { name: 'balcao' });
    const b = await harness.open(owner, { name: 'celular' });
    const arroz = await a.api.products.create({ nome: 'Arroz', preco: 4, estoque: 50 });
    const maria = await a.api.clients.create({ nome: 'Maria', telefone: '11999990001' });
    const sale = await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }], tipo: 'fiado', cliente_id: maria });
    await converged(owner, [a, b]);
    // The day of the sale is over: the server's bases hold it.
    await advanceCut(owner, justAfter(String((await docOf(a, 'vendas', 'id', sale))?.hlc)));
    await Promise.all([a.api.sync.syncNow(), b.api.sync.syncNow()]);
    await converged(owner, [a, b]);
    expect(Number((await serverRow(owner, 'bases_contadores', 'ref_id', arroz)).valor)).toBe(48);
    await expectExact(owner, [a, b]);

    // The other device corrects that sale offline: its own numbers follow at once.
    await b.setOnline(false);
    await b.api.sales.update({
      id: sale,
      data: String((await docOf(b, 'vendas', 'id', sale))?.data),
      tipo: 'fiado',
      cliente_id: maria,
      itens: [{ produto_id: arroz, quantidade: 5 }],
    });
    expect(await b.stockOf(arroz)).toBe(45);
    expect(await b.balanceOf(maria)).toBe(20);
    expect(await a.stockOf(arroz)).toBe(48);

    await b.setOnline(true);
    await converged(owner, [a, b]);
    await eventually(async () => {
      expect(await a.stockOf(arroz)).toBe(45);
    });
    await expectExact(owner, [a, b]);
    // The edit is folded into the new bases: reopening reads them alone.
    await b.reopen();
    expect(await b.countersRead()).toEqual({ bases: 2, facts: 0 });
    await expectExact(owner, [a, b]);
  });

  it(
    'the cut moving while a device is closed: it opens on its old bases, then takes the new ones',
    { timeout: 180_000 },
    async () => {
      const owner = await newOwner(harness.stack);
      const a = await harness.open(owner, { name: 'fechado' });
      const b = await harness.open(owner, { name: 'aberto' });
      const arroz = await a.api.products.create({ nome: 'Arroz', preco: 4, estoque: 100 });
      await converged(owner, [a, b]);
      await advanceCut(owner, justAfter(String((await a.docs('historico_estoque'))[0]?.hlc)));
      for (let index = 0; index < 3; index++) await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 1 }] });
      await Promise.all([a.api.sync.syncNow(), b.api.sync.syncNow()]);
      await converged(owner, [a, b]);
      await a.reopen();
      // The base holds the count: the three sales since its cut are read.
      expect(await a.countersRead()).toEqual({ bases: 1, facts: 3 });
      await expectExact(owner, [a, b]);

      await a.setOnline(false);
      const last =
        (await a.docs('vendas'))
          .map((doc) => String(doc.hlc))
          .sort()
          .at(-1) ?? '';
      await advanceCut(owner, justAfter(last));
      await b.api.sync.syncNow();
      await b.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
      await b.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
      await a.reopen();
      expect(await a.countersRead()).toEqual({ bases: 1, facts: 3 });
      expect(await a.stockOf(arroz)).toBe(97);

      await a.setOnline(true);
      await a.api.sync.syncNow();
      await converged(owner, [a, b]);
      await eventually(async () => {
        expect(await a.stockOf(arroz)).toBe(93);
      });
      await expectExact(owner, [a, b]);
      await a.reopen();
      // The new base holds the count and the first three sales: only the two sales since its cut are read.
      expect(await a.countersRead()).toEqual({ bases: 1, facts: 2 });
      await expectExact(owner, [a, b]);
    },
  );
});
