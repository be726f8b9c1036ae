// The server's stock and balance columns equal the derivation from the facts however the facts arrive: many
// rows in one statement (a count with the deliveries after it, an upsert that edits one sale and adds another),
// random batchings, and (on Postgres) two transactions of one owner writing a product and its facts at once.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { createDerivedCounters } from '../../workers/ledger/derived-counters.ts';
import { createTestDatabase, testPostgresUrl } from '../support/database.ts';
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

const asOwner = <T>(work: (tx: Queryable) => Promise<T>) => asActor(db, owner(userId), work);

async function newProduct(tx: Queryable, id: string = randomUUID()): Promise<string> {
  await tx.query(`INSERT INTO produtos (id, nome, preco) VALUES ($1, 'Arroz', 5)`, [id]);
  return id;
}

async function newClient(tx: Queryable, id: string = randomUUID()): Promise<string> {
  await tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'Maria')`, [id]);
  return id;
}

/** The stored column, the SQL derivation, as numbers. */
async function stockOf(produtoId: string): Promise<{ column: number; derived: number }> {
  const { rows } = await db.query<{ column: string; derived: string }>(
    `SELECT p.estoque AS column, public.estoque_derivado(p.id, p.user_id) AS derived FROM produtos p WHERE p.id = $1`,
    [produtoId],
  );
  const row = rows[0];
  if (!row) throw new Error(`produto ${produtoId} ausente`);
  return { column: Number(row.column), derived: Number(row.derived) };
}

async function balanceOf(clienteId: string): Promise<{ column: number; derived: number }> {
  const { rows } = await db.query<{ column: string; derived: string }>(
    `SELECT c.saldo_devedor AS column, public.saldo_derivado(c.id, c.user_id) AS derived FROM clientes c WHERE c.id = $1`,
    [clienteId],
  );
  const row = rows[0];
  if (!row) throw new Error(`cliente ${clienteId} ausente`);
  return { column: Number(row.column), derived: Number(row.derived) };
}

const item = (produtoId: string, quantidade: number) => ({
  produto_id: produtoId,
  quantidade,
  preco_unitario: 1,
  preco_total: quantidade,
  nome_produto: 'Arroz',
  unidade_produto: 'un',
});

describe('counters under batching', () => {
  it('a count and a later delivery in one statement: counted once (25, not 30)', async () => {
    const produtoId = await asOwner((tx) => newProduct(tx));
    await asOwner((tx) =>
      tx.query(
        `INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 20, $2), ($1, 'entrada', 5, $3)`,
        [produtoId, hlcAt(1_800_000_000_000), hlcAt(1_800_000_000_500)],
      ),
    );
    expect(await stockOf(produtoId)).toEqual({ column: 25, derived: 25 });
  });

  it('the same through one push from a device (one INSERT for the batch)', async () => {
    const produtoId = await asOwner((tx) => newProduct(tx));
    const doc = (tipo: string, quantidade: number, physical: number) => ({
      doc: { id: randomUUID(), user_id: userId, produto_id: produtoId, tipo, quantidade, hlc: hlcAt(physical) },
      assumed_modified: null,
    });
    const { rows } = await asOwner((tx) =>
      tx.query<{ result: { rejected: unknown[]; conflicts: unknown[] } }>(
        `SELECT public.replicate_push('historico_estoque', $1) AS result`,
        [
          JSON.stringify([
            doc('ajuste', 20, 1_800_000_001_000),
            doc('entrada', 5, 1_800_000_001_500),
            doc('entrada', 2, 1_800_000_000_500),
          ]),
        ],
      ),
    );
    expect(rows[0]?.result).toEqual({ conflicts: [], rejected: [] });
    // The delivery stamped before the count is part of what was counted.
    expect(await stockOf(produtoId)).toEqual({ column: 25, derived: 25 });
  });

  it('an upsert that edits one sale and adds another in one statement counts each sale once', async () => {
    const { produtoId, clienteId, first } = await asOwner(async (tx) => {
      const produtoId = await newProduct(tx);
      const clienteId = await newClient(tx);
      await tx.query(`INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 100, $2)`, [
        produtoId,
        hlcAt(1_800_000_000_000),
      ]);
      const first = randomUUID();
      await tx.query(`INSERT INTO vendas (id, total, tipo, cliente_id, hlc, itens) VALUES ($1, 3, 'fiado', $2, $3, $4)`, [
        first,
        clienteId,
        hlcAt(1_800_000_001_000),
        JSON.stringify([item(produtoId, 3)]),
      ]);
      return { produtoId, clienteId, first };
    });
    expect(await stockOf(produtoId)).toEqual({ column: 97, derived: 97 });
    await asOwner((tx) =>
      tx.query(
        `INSERT INTO vendas (id, total, tipo, cliente_id, hlc, itens) VALUES ($1, 4, 'fiado', $3, $4, $5), ($2, 7, 'fiado', $3, $6, $7)
         ON CONFLICT (id) DO UPDATE SET itens = excluded.itens, total = excluded.total`,
        [
          first,
          randomUUID(),
          clienteId,
          hlcAt(1_800_000_001_000),
          JSON.stringify([item(produtoId, 4)]),
          hlcAt(1_800_000_002_000),
          JSON.stringify([item(produtoId, 7)]),
        ],
      ),
    );
    expect(await stockOf(produtoId)).toEqual({ column: 89, derived: 89 });
    expect(await balanceOf(clienteId)).toEqual({ column: 11, derived: 11 });
  });

  it(
    'random facts in random statements: the column always equals the derivation and the device',
    { timeout: 120_000 },
    async () => {
      type Fact =
        | { kind: 'count' | 'entry'; quantity: number; physical: number }
        | { kind: 'sale'; quantity: number; physical: number; fiado: boolean }
        | { kind: 'debit' | 'payment'; cents: number };
      const fact: fc.Arbitrary<Fact> = fc.oneof(
        fc.record({
          kind: fc.constantFrom('count' as const, 'entry' as const),
          quantity: fc.integer({ min: 1, max: 90 }),
          physical: fc.nat(20),
        }),
        fc.record({
          kind: fc.constant('sale' as const),
          quantity: fc.integer({ min: 1, max: 9 }),
          physical: fc.nat(20),
          fiado: fc.boolean(),
        }),
        fc.record({ kind: fc.constantFrom('debit' as const, 'payment' as const), cents: fc.integer({ min: 1, max: 9999 }) }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(fact, { minLength: 1, maxLength: 14 }),
          fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 14, maxLength: 14 }),
          fc.integer({ min: 0, max: 14 }),
          async (facts, sizes, productAt) => {
            const produtoId = randomUUID();
            const clienteId = randomUUID();
            const device = createDerivedCounters();
            const withIds = facts.map((f) => ({ ...f, id: randomUUID() }));
            // Statements of 1–5 consecutive facts of one table, each one INSERT; the product arrives among them.
            let index = 0;
            let sizeIndex = 0;
            let productWritten = false;
            while (index < withIds.length) {
              if (!productWritten && index >= productAt) {
                await asOwner(async (tx) => {
                  await newProduct(tx, produtoId);
                  await newClient(tx, clienteId);
                });
                productWritten = true;
              }
              const size = sizes[sizeIndex++ % sizes.length] ?? 1;
              const table = (f: Fact) =>
                f.kind === 'sale' ? 'vendas' : f.kind === 'debit' || f.kind === 'payment' ? 'ledger' : 'stock';
              const first = withIds[index];
              if (!first) break;
              const group = [first];
              while (
                group.length < size &&
                withIds[index + group.length] &&
                table(withIds[index + group.length] as Fact) === table(first)
              )
                group.push(withIds[index + group.length] as (typeof withIds)[number]);
              index += group.length;
              await asOwner(async (tx) => {
                const kind = table(first);
                if (kind === 'stock') {
                  const rows = group as { kind: 'count' | 'entry'; quantity: number; physical: number; id: string }[];
                  await tx.query(
                    `INSERT INTO historico_estoque (id, produto_id, tipo, quantidade, hlc)
                   SELECT (r ->> 'id')::uuid, $1, r ->> 'tipo', (r ->> 'quantidade')::numeric, r ->> 'hlc' FROM jsonb_array_elements($2) r`,
                    [
                      produtoId,
                      JSON.stringify(
                        rows.map((r) => ({
                          id: r.id,
                          tipo: r.kind === 'count' ? 'ajuste' : 'entrada',
                          quantidade: r.quantity,
                          hlc: hlcAt(1_800_000_000_000 + r.physical),
                        })),
                      ),
                    ],
                  );
                } else if (kind === 'vendas') {
                  const rows = group as { quantity: number; physical: number; fiado: boolean; id: string }[];
                  await tx.query(
                    `INSERT INTO vendas (id, total, tipo, cliente_id, hlc, itens)
                   SELECT (r ->> 'id')::uuid, (r ->> 'total')::numeric, r ->> 'tipo', (r ->> 'cliente_id')::uuid, r ->> 'hlc', r -> 'itens'
                     FROM jsonb_array_elements($1) r`,
                    [
                      JSON.stringify(
                        rows.map((r) => ({
                          id: r.id,
                          total: r.quantity,
                          tipo: r.fiado ? 'fiado' : 'avista',
                          cliente_id: r.fiado ? clienteId : null,
                          hlc: hlcAt(1_800_000_000_000 + r.physical, 0, 'b'),
                          itens: [item(produtoId, r.quantity)],
                        })),
                      ),
                    ],
                  );
                } else {
                  const rows = group as { kind: 'debit' | 'payment'; cents: number; id: string }[];
                  await tx.query(
                    `INSERT INTO fiado_lancamentos (id, cliente_id, tipo, valor)
                   SELECT (r ->> 'id')::uuid, $1, r ->> 'tipo', (r ->> 'valor')::numeric FROM jsonb_array_elements($2) r`,
                    [
                      clienteId,
                      JSON.stringify(
                        rows.map((r) => ({ id: r.id, tipo: r.kind === 'debit' ? 'debito' : 'pagamento', valor: r.cents / 100 })),
                      ),
                    ],
                  );
                }
              });
            }
            if (!productWritten)
              await asOwner(async (tx) => {
                await newProduct(tx, produtoId);
                await newClient(tx, clienteId);
              });
            for (const f of withIds) {
              if (f.kind === 'count' || f.kind === 'entry')
                device.upsertStockFact({
                  id: f.id,
                  produto_id: produtoId,
                  tipo: f.kind === 'count' ? 'ajuste' : 'entrada',
                  quantidade: f.quantity,
                  hlc: hlcAt(1_800_000_000_000 + f.physical),
                  deleted: false,
                });
              else if (f.kind === 'sale')
                device.upsertSale({
                  id: f.id,
                  hlc: hlcAt(1_800_000_000_000 + f.physical, 0, 'b'),
                  tipo: f.fiado ? 'fiado' : 'avista',
                  cliente_id: f.fiado ? clienteId : null,
                  total: f.quantity,
                  itens: [{ produto_id: produtoId, quantidade: f.quantity }],
                  deleted: false,
                });
              else
                device.upsertLedgerEntry({
                  id: f.id,
                  cliente_id: clienteId,
                  tipo: f.kind === 'debit' ? 'debito' : 'pagamento',
                  valor: (f as { cents: number }).cents / 100,
                  deleted: false,
                });
            }
            const stock = await stockOf(produtoId);
            expect(stock.column).toBe(stock.derived);
            expect(stock.column).toBe(device.stockOf(produtoId));
            const balance = await balanceOf(clienteId);
            expect(balance.column).toBe(balance.derived);
            expect(balance.column).toBeCloseTo(device.balanceOf(clienteId), 2);
          },
        ),
        { numRuns: 60, seed: 20261123 },
      );
    },
  );
});

describe.runIf(testPostgresUrl())('counters under concurrency (Postgres)', () => {
  /** Backends of this database waiting on a lock. */
  async function waitingOnLocks(): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return rows[0]?.n ?? 0;
  }

  /** Runs `first` until it has written, then `second` beside it, and lets `first` commit once `second` has written or waits. */
  async function interleave(
    first: (tx: Queryable) => Promise<unknown>,
    second: (tx: Queryable) => Promise<unknown>,
  ): Promise<void> {
    let written: () => void = () => undefined;
    const firstWrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const one = asOwner(async (tx) => {
      await first(tx);
      written();
      await released;
    });
    await firstWrote;
    const second$ = { done: false };
    const two = asOwner(second).then(() => {
      second$.done = true;
    });
    // The second transaction either finished (nothing held it back) or is waiting for the first: both are the
    // moment to let the first commit.
    for (;;) {
      if (second$.done || (await waitingOnLocks()) > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    release();
    await Promise.all([one, two]);
  }

  it(
    'a product and its first count written by two transactions at once: the count is in the column',
    { timeout: 60_000 },
    async () => {
      for (let round = 0; round < 10; round++) {
        const produtoId = randomUUID();
        const count = (tx: Queryable) =>
          tx.query(`INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 10, $2)`, [
            produtoId,
            hlcAt(1_800_000_000_000 + round),
          ]);
        if (round % 2 === 0) await interleave((tx) => newProduct(tx, produtoId), count);
        else await interleave(count, (tx) => newProduct(tx, produtoId));
        expect(await stockOf(produtoId), `rodada ${round}`).toEqual({ column: 10, derived: 10 });
      }
    },
  );

  it('a client and its first fiado sale or debit at once: the balance is in the column', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 6; round++) {
      const clienteId = randomUUID();
      const debit = (tx: Queryable) =>
        tx.query(`INSERT INTO fiado_lancamentos (cliente_id, tipo, valor) VALUES ($1, 'debito', 12.5)`, [clienteId]);
      if (round % 2 === 0) await interleave((tx) => newClient(tx, clienteId), debit);
      else await interleave(debit, (tx) => newClient(tx, clienteId));
      expect(await balanceOf(clienteId), `rodada ${round}`).toEqual({ column: 12.5, derived: 12.5 });
    }
  });

  it('sales of one product from two transactions at once: both are subtracted', { timeout: 60_000 }, async () => {
    const produtoId = await asOwner(async (tx) => {
      const id = await newProduct(tx);
      await tx.query(`INSERT INTO historico_estoque (produto_id, tipo, quantidade, hlc) VALUES ($1, 'ajuste', 50, $2)`, [
        id,
        hlcAt(1_800_000_000_000),
      ]);
      return id;
    });
    const sale = (quantity: number, physical: number) => (tx: Queryable) =>
      tx.query(`INSERT INTO vendas (total, hlc, itens) VALUES ($1, $2, $3)`, [
        quantity,
        hlcAt(1_800_000_000_000 + physical),
        JSON.stringify([item(produtoId, quantity)]),
      ]);
    await interleave(sale(3, 10), sale(4, 20));
    expect(await stockOf(produtoId)).toEqual({ column: 43, derived: 43 });
  });
});
