// The server derives stock and balances from the same facts exactly as the devices do
// (workers/ledger/derived-counters.ts), whatever order the facts arrive in; stock alerts and the
// retirement of overdue-fiado notices follow from those numbers.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { createDerivedCounters } from '../../workers/ledger/derived-counters.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, hlcAt, owner } from './helpers.ts';

let db: Database;
let userId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  userId = await createUser(db);
  await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [userId]);
});
afterAll(async () => {
  await db.close();
});

type Fact =
  | { kind: 'count' | 'entry'; quantity: number; hlc: string; deleted: boolean }
  | { kind: 'sale'; quantity: number; hlc: string; fiado: boolean; total: number; deleted: boolean }
  | { kind: 'debit' | 'payment'; value: number; deleted: boolean };

// A small clock space, so that ties (a sale stamped exactly like a count) and node ordering come up often.
const hlc = fc
  .tuple(fc.integer({ min: 0, max: 2 }), fc.constantFrom(0, 0, 0, 1), fc.constantFrom('a', 'B', 'áb'))
  .map(([physical, counter, node]) => hlcAt(1_700_000_000_000 + physical, counter, node));
const quantity = fc.integer({ min: 1, max: 50_000 }).map((n) => n / 1000);
/** Mostly live facts, some deleted later. */
const deleted = fc.integer({ min: 0, max: 3 }).map((n) => n === 0);
const money = fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100);

const factArbitrary: fc.Arbitrary<Fact> = fc.oneof(
  fc.record({
    kind: fc.constant('count' as const),
    quantity: fc.integer({ min: 0, max: 100_000 }).map((n) => n / 1000),
    hlc,
    deleted,
  }),
  fc.record({ kind: fc.constant('entry' as const), quantity, hlc, deleted }),
  fc.record({ kind: fc.constant('sale' as const), quantity, hlc, fiado: fc.boolean(), total: money, deleted }),
  fc.record({ kind: fc.constantFrom('debit' as const, 'payment' as const), value: money, deleted }),
);

interface Scenario {
  facts: Fact[];
  /** Where the product and the client rows arrive among the facts (children may come first). */
  productAt: number;
  clientAt: number;
  order: number[];
}

const scenario: fc.Arbitrary<Scenario> = fc.array(factArbitrary, { minLength: 1, maxLength: 16, size: 'medium' }).chain((facts) =>
  fc.record({
    facts: fc.constant(facts),
    productAt: fc.integer({ min: 0, max: facts.length }),
    clientAt: fc.integer({ min: 0, max: facts.length }),
    order: fc.shuffledSubarray(
      facts.map((_, index) => index),
      { minLength: facts.length, maxLength: facts.length },
    ),
  }),
);

async function writeFact(tx: Queryable, fact: Fact, id: string, produtoId: string, clienteId: string): Promise<void> {
  switch (fact.kind) {
    case 'count':
    case 'entry':
      await tx.query(`INSERT INTO historico_estoque (id, produto_id, tipo, quantidade, hlc) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        produtoId,
        fact.kind === 'count' ? 'ajuste' : 'entrada',
        fact.quantity,
        fact.hlc,
      ]);
      break;
    case 'sale':
      await tx.query(`INSERT INTO vendas (id, total, tipo, cliente_id, hlc, itens) VALUES ($1, $2, $3, $4, $5, $6)`, [
        id,
        fact.total,
        fact.fiado ? 'fiado' : 'avista',
        fact.fiado ? clienteId : null,
        fact.hlc,
        JSON.stringify([
          {
            produto_id: produtoId,
            quantidade: fact.quantity,
            preco_unitario: 1,
            preco_total: fact.total,
            nome_produto: 'Feijão',
            unidade_produto: 'kg',
          },
        ]),
      ]);
      break;
    case 'debit':
    case 'payment':
      await tx.query(`INSERT INTO fiado_lancamentos (id, cliente_id, tipo, valor) VALUES ($1, $2, $3, $4)`, [
        id,
        clienteId,
        fact.kind === 'debit' ? 'debito' : 'pagamento',
        fact.value,
      ]);
      break;
  }
}

const TABLE_OF: Record<Fact['kind'], string> = {
  count: 'historico_estoque',
  entry: 'historico_estoque',
  sale: 'vendas',
  debit: 'fiado_lancamentos',
  payment: 'fiado_lancamentos',
};

describe('derived counters on the server', () => {
  it('match the worker for the same facts, in any order, with children before parents and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ facts, productAt, clientAt, order }) => {
        const produtoId = randomUUID();
        const clienteId = randomUUID();
        const ids = facts.map(() => randomUUID());
        /** The worker's numbers for these facts, as if none (or the chosen ones) were deleted. */
        const workerFor = (withDeletions: boolean) => {
          const worker = createDerivedCounters();
          facts.forEach((fact, index) => {
            const id = ids[index] ?? '';
            const deleted = withDeletions && fact.deleted;
            switch (fact.kind) {
              case 'count':
              case 'entry':
                worker.upsertStockFact({
                  id,
                  produto_id: produtoId,
                  tipo: fact.kind === 'count' ? 'ajuste' : 'entrada',
                  quantidade: fact.quantity,
                  hlc: fact.hlc,
                  deleted,
                });
                break;
              case 'sale':
                worker.upsertSale({
                  id,
                  hlc: fact.hlc,
                  tipo: fact.fiado ? 'fiado' : 'avista',
                  cliente_id: fact.fiado ? clienteId : null,
                  total: fact.total,
                  itens: [{ produto_id: produtoId, quantidade: fact.quantity }],
                  deleted,
                });
                break;
              case 'debit':
              case 'payment':
                worker.upsertLedgerEntry({
                  id,
                  cliente_id: clienteId,
                  tipo: fact.kind === 'debit' ? 'debito' : 'pagamento',
                  valor: fact.value,
                  deleted,
                });
            }
          });
          return worker;
        };
        const expectSameAs = async (worker: ReturnType<typeof createDerivedCounters>) => {
          const { rows: products } = await db.query<{ estoque: string }>(`SELECT estoque FROM produtos WHERE id = $1`, [
            produtoId,
          ]);
          const { rows: clients } = await db.query<{ saldo_devedor: string }>(
            `SELECT saldo_devedor FROM clientes WHERE id = $1`,
            [clienteId],
          );
          expect(Number(products[0]?.estoque)).toBe(worker.stockOf(produtoId));
          expect(Number(clients[0]?.saldo_devedor)).toBe(worker.balanceOf(clienteId));
        };

        // Each write is its own request, as devices push them; deletions arrive later as soft deletes.
        for (let step = 0; step <= order.length; step += 1) {
          if (step === productAt)
            await asActor(db, owner(userId), (tx) =>
              tx.query(`INSERT INTO produtos (id, nome, preco, estoque_minimo) VALUES ($1, 'Feijão', 9, 0)`, [produtoId]),
            );
          if (step === clientAt)
            await asActor(db, owner(userId), (tx) =>
              tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'João')`, [clienteId]),
            );
          const index = order[step];
          if (index === undefined) continue;
          const fact = facts[index];
          if (fact) await asActor(db, owner(userId), (tx) => writeFact(tx, fact, ids[index] ?? '', produtoId, clienteId));
        }
        // New facts move the counters incrementally: check them before any deletion recomputes.
        await expectSameAs(workerFor(false));
        for (const index of order) {
          const fact = facts[index];
          if (fact?.deleted)
            await asActor(db, owner(userId), (tx) => tx.query(`DELETE FROM ${TABLE_OF[fact.kind]} WHERE id = $1`, [ids[index]]));
        }

        await expectSameAs(workerFor(true));
      }),
      { numRuns: 40 },
    );
  });

  it('match the worker when a push inserts many sales in one statement, before or after the counts', async () => {
    /** One of the two products (or clients) of the scenario. */
    const either = fc.constantFrom<0 | 1>(0, 1);
    const batchSale = fc.record({
      hlc,
      items: fc.array(fc.record({ product: either, quantity }), { minLength: 1, maxLength: 3 }),
      client: fc.option(either, { nil: null }),
      total: money,
      deleted: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    });
    const batchScenario = fc.record({
      counts: fc.array(fc.record({ product: either, quantity, hlc }), { maxLength: 3 }),
      sales: fc.array(batchSale, { minLength: 1, maxLength: 25 }),
      parentsFirst: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(batchScenario, async ({ counts, sales, parentsFirst }) => {
        const products = [randomUUID(), randomUUID()] as const;
        const clients = [randomUUID(), randomUUID()] as const;
        const worker = createDerivedCounters();
        const rows = sales.map((sale) => ({
          id: randomUUID(),
          total: sale.total,
          tipo: sale.client === null ? 'avista' : 'fiado',
          cliente_id: sale.client === null ? null : clients[sale.client],
          hlc: sale.hlc,
          _deleted: sale.deleted,
          itens: sale.items.map((item) => ({
            produto_id: products[item.product],
            quantidade: item.quantity,
            preco_unitario: 1,
            preco_total: 1,
            nome_produto: 'Feijão',
            unidade_produto: 'kg',
          })),
        }));
        for (const row of rows)
          worker.upsertSale({
            id: row.id,
            hlc: row.hlc,
            tipo: row.tipo as 'fiado' | 'avista',
            cliente_id: row.cliente_id,
            total: row.total,
            itens: row.itens,
            deleted: row._deleted,
          });
        const countIds = counts.map(() => randomUUID());
        counts.forEach((count, index) => {
          worker.upsertStockFact({
            id: countIds[index] ?? '',
            produto_id: products[count.product],
            tipo: 'ajuste',
            quantidade: count.quantity,
            hlc: count.hlc,
            deleted: false,
          });
        });
        const writeParents = () =>
          asActor(db, owner(userId), async (tx) => {
            for (const id of products) await tx.query(`INSERT INTO produtos (id, nome, preco) VALUES ($1, 'Feijão', 9)`, [id]);
            for (const id of clients) await tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'João')`, [id]);
          });
        if (parentsFirst) await writeParents();
        await asActor(db, owner(userId), async (tx) => {
          for (const [index, count] of counts.entries())
            await tx.query(
              `INSERT INTO historico_estoque (id, produto_id, tipo, quantidade, hlc) VALUES ($1, $2, 'ajuste', $3, $4)`,
              [countIds[index], products[count.product], count.quantity, count.hlc],
            );
          // One statement, as replicate_push inserts a batch of new sales.
          await tx.query(
            `INSERT INTO vendas (id, total, tipo, cliente_id, hlc, _deleted, itens)
             SELECT r.id, r.total, r.tipo, r.cliente_id, r.hlc, r._deleted, r.itens
               FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, total numeric, tipo text, cliente_id uuid, hlc text, _deleted boolean, itens jsonb)`,
            [JSON.stringify(rows)],
          );
        });
        if (!parentsFirst) await writeParents();

        const stock = await db.query<{ id: string; estoque: string }>(`SELECT id, estoque FROM produtos WHERE id = ANY($1)`, [
          [...products],
        ]);
        for (const row of stock.rows) expect(Number(row.estoque), 'estoque').toBe(worker.stockOf(row.id));
        const balances = await db.query<{ id: string; saldo_devedor: string }>(
          `SELECT id, saldo_devedor FROM clientes WHERE id = ANY($1)`,
          [[...clients]],
        );
        for (const row of balances.rows) expect(Number(row.saldo_devedor), 'saldo').toBe(worker.balanceOf(row.id));
        expect(stock.rows).toHaveLength(2);
        expect(balances.rows).toHaveLength(2);
        const { rows: items } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM itens_venda WHERE venda_id = ANY($1)`,
          [rows.map((row) => row.id)],
        );
        const expectedItems = rows
          .filter((row) => !row._deleted)
          .reduce((total, row) => total + new Set(row.itens.map((item) => item.produto_id)).size, 0);
        expect(items[0]?.n).toBe(expectedItems);
      }),
      { numRuns: 30 },
    );
  });

  it('never counts another owner’s facts, nor takes a value a client sends', async () => {
    const other = await createUser(db);
    const produtoId = randomUUID();
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO produtos (id, nome, preco, estoque) VALUES ($1, 'Sal', 3, 999)`, [produtoId]),
    );
    await asActor(db, owner(other), (tx) =>
      tx.query(`INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 40, $2)`, [
        produtoId,
        hlcAt(1),
      ]),
    );
    await asActor(db, owner(userId), (tx) => tx.query(`UPDATE produtos SET estoque = 500 WHERE id = $1`, [produtoId]));
    const { rows } = await db.query<{ estoque: string }>(`SELECT estoque FROM produtos WHERE id = $1`, [produtoId]);
    expect(Number(rows[0]?.estoque)).toBe(0);
  });

  it('keeps itens_venda from the sale document, and drops them when the sale is deleted', async () => {
    const vendaId = randomUUID();
    const [arroz, feijao] = [randomUUID(), randomUUID()];
    const item = (produto_id: string, quantidade: number) => ({
      produto_id,
      quantidade,
      preco_unitario: 2,
      preco_total: 2 * quantidade,
      nome_produto: 'Item',
      marca_produto: null,
      unidade_produto: 'un',
    });
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO vendas (id, total, hlc, itens) VALUES ($1, 10, $2, $3)`, [
        vendaId,
        hlcAt(5),
        JSON.stringify([item(arroz, 2), item(feijao, 3)]),
      ]),
    );
    const items = async () =>
      (
        await db.query<{ produto_id: string; quantidade: string }>(
          `SELECT produto_id, quantidade FROM itens_venda WHERE venda_id = $1 ORDER BY quantidade`,
          [vendaId],
        )
      ).rows;
    expect((await items()).map((row) => [row.produto_id, Number(row.quantidade)])).toEqual([
      [arroz, 2],
      [feijao, 3],
    ]);
    await asActor(db, owner(userId), (tx) =>
      tx.query(`UPDATE vendas SET itens = $2 WHERE id = $1`, [vendaId, JSON.stringify([item(feijao, 1)])]),
    );
    expect((await items()).map((row) => [row.produto_id, Number(row.quantidade)])).toEqual([[feijao, 1]]);
    await asActor(db, owner(userId), (tx) => tx.query(`DELETE FROM vendas WHERE id = $1`, [vendaId]));
    expect(await items()).toEqual([]);
    const { rows } = await db.query<{ _deleted: boolean }>(`SELECT _deleted FROM vendas WHERE id = $1`, [vendaId]);
    expect(rows[0]?._deleted).toBe(true);
  });
});

describe('notifications from the derived numbers', () => {
  const sell = (produtoId: string, quantidade: number, at: number) =>
    asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO vendas (total, hlc, itens) VALUES (1, $1, $2)`, [
        hlcAt(at),
        JSON.stringify([
          { produto_id: produtoId, quantidade, preco_unitario: 1, preco_total: 1, nome_produto: 'Leite', unidade_produto: 'l' },
        ]),
      ]),
    );
  const alerts = async (produtoId: string) =>
    (
      await db.query<{ tipo: string; mensagem: string }>(
        `SELECT tipo, mensagem FROM notificacoes WHERE referencia_id = $1 AND NOT _deleted ORDER BY created_at, tipo`,
        [produtoId],
      )
    ).rows;

  it('warns once when stock falls under the minimum, and again when it reaches zero', async () => {
    const produtoId = randomUUID();
    await asActor(db, owner(userId), async (tx) => {
      await tx.query(`INSERT INTO produtos (id, nome, preco, estoque_minimo, unidade) VALUES ($1, 'Leite', 5, 5, 'l')`, [
        produtoId,
      ]);
      await tx.query(`INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 10, $2)`, [
        produtoId,
        hlcAt(1),
      ]);
    });
    expect(await alerts(produtoId)).toEqual([]);
    await sell(produtoId, 4, 2);
    expect(await alerts(produtoId)).toEqual([]);
    await sell(produtoId, 2.5, 3);
    expect(await alerts(produtoId)).toEqual([{ tipo: 'estoque_baixo', mensagem: 'Estoque baixo: Leite tem 3,5 l (mínimo 5).' }]);
    await sell(produtoId, 1, 4);
    expect(await alerts(produtoId)).toHaveLength(1);
    await sell(produtoId, 2.5, 5);
    expect((await alerts(produtoId)).map((row) => row.tipo)).toEqual(['estoque_baixo', 'estoque_zerado']);
    const { rows } = await db.query<{ user_id: string }>(`SELECT DISTINCT user_id FROM notificacoes WHERE referencia_id = $1`, [
      produtoId,
    ]);
    expect(rows).toEqual([{ user_id: userId }]);
  });

  it('retires the client’s overdue-fiado notices (soft delete) when a payment brings the balance to zero', async () => {
    const clienteId = randomUUID();
    const otherClient = randomUUID();
    await asActor(db, owner(userId), async (tx) => {
      await tx.query(`INSERT INTO clientes (id, nome, is_fiado) VALUES ($1, 'Rita', true)`, [clienteId]);
      await tx.query(`INSERT INTO fiado_lancamentos (cliente_id, tipo, valor) VALUES ($1, 'debito', 50)`, [clienteId]);
    });
    // Notices are the server's (owners write none).
    await db.query(
      `INSERT INTO notificacoes (user_id, tipo, mensagem, referencia_id) VALUES ($3, 'fiado_vencido', 'Fiado da Rita vencido', $1),
              ($3, 'fiado_vencido', 'Fiado de outro vencido', $2), ($3, 'aviso', 'Outro aviso', $1)`,
      [clienteId, otherClient, userId],
    );
    const live = async () =>
      (
        await db.query<{ mensagem: string }>(
          `SELECT mensagem FROM notificacoes WHERE referencia_id IN ($1, $2) AND NOT _deleted ORDER BY mensagem`,
          [clienteId, otherClient],
        )
      ).rows.map((row) => row.mensagem);
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO fiado_lancamentos (cliente_id, tipo, valor) VALUES ($1, 'pagamento', 20)`, [clienteId]),
    );
    expect(await live()).toHaveLength(3);
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO fiado_lancamentos (cliente_id, tipo, valor) VALUES ($1, 'pagamento', 30)`, [clienteId]),
    );
    expect(await live()).toEqual(['Fiado de outro vencido', 'Outro aviso']);
    const { rows } = await db.query<{ _deleted: boolean }>(
      `SELECT _deleted FROM notificacoes WHERE referencia_id = $1 AND tipo = 'fiado_vencido'`,
      [clienteId],
    );
    expect(rows).toEqual([{ _deleted: true }]);
  });
});
