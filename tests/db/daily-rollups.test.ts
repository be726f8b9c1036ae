// The daily rollups (docs/growth.md §5): whatever sales and expenses are written, edited (even to another day)
// and removed, a period's figures read from the rollups equal the fold of the live rows, every day's row is newer
// than the sales it folds, and an owner reads only her own.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { NO_SALES } from '../../workers/reports/day-sums.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { asActor, createUser, hlcAt, owner } from './helpers.ts';

let stack: TestStack;
let db: Database;
beforeAll(async () => {
  stack = await startTestStack();
  db = stack.db;
});
afterAll(async () => {
  await stack.close();
});

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03'] as const;
const FORMS = ['dinheiro', 'cartao', 'pix', 'boleto', null] as const;

interface Sale {
  day: number;
  fiado: boolean;
  forma: (typeof FORMS)[number];
  lines: { product: number; quantity: number; price: number }[];
}
type Op =
  | { op: 'sale'; sale: Sale }
  | { op: 'edit'; target: number; sale: Sale }
  | { op: 'remove'; target: number }
  | { op: 'expense'; day: number; value: number }
  | { op: 'removeExpense'; target: number };

const saleArbitrary: fc.Arbitrary<Sale> = fc.record({
  day: fc.integer({ min: 0, max: DAYS.length - 1 }),
  fiado: fc.boolean(),
  forma: fc.constantFrom(...FORMS),
  lines: fc.array(
    fc.record({
      product: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: 1, max: 5_000 }).map((n) => n / 1000),
      price: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('sale' as const), sale: saleArbitrary }),
  fc.record({ op: fc.constant('edit' as const), target: fc.nat(), sale: saleArbitrary }),
  fc.record({ op: fc.constant('remove' as const), target: fc.nat() }),
  fc.record({
    op: fc.constant('expense' as const),
    day: fc.integer({ min: 0, max: DAYS.length - 1 }),
    value: fc.integer({ min: 1, max: 50_000 }).map((n) => n / 100),
  }),
  fc.record({ op: fc.constant('removeExpense' as const), target: fc.nat() }),
);

function saleRow(sale: Sale, productIds: string[], clienteId: string) {
  const itens = sale.lines.map((line, index) => ({
    produto_id: productIds[line.product] ?? '',
    quantidade: line.quantity,
    preco_unitario: line.price,
    preco_total: Math.round(line.quantity * line.price * 100) / 100,
    nome_produto: `Produto ${line.product} v${index}`,
    unidade_produto: 'un',
  }));
  return {
    data: DAYS[sale.day],
    tipo: sale.fiado ? 'fiado' : 'avista',
    cliente_id: sale.fiado ? clienteId : null,
    forma_pagamento: sale.fiado ? null : sale.forma,
    total: Math.round(itens.reduce((sum, item) => sum + item.preco_total * 100, 0)) / 100,
    itens: JSON.stringify(itens),
  };
}

interface Report {
  dias: Record<string, number | string>[];
  produtos: { produto_id: string; quantidade: number; receita: number }[];
}

const cents = (value: unknown) => Math.round(Number(value) * 100);
const thousandths = (value: unknown) => Math.round(Number(value) * 1000);

/** The oracle: the live rows folded here, day by day and product by product, in cents and thousandths. */
async function foldedRows(ownerId: string) {
  const { rows: sales } = await db.query<{
    data: string;
    tipo: string;
    forma_pagamento: string | null;
    total: string;
    itens: { produto_id: string; quantidade: number; preco_total: number }[];
  }>(
    `SELECT to_char(data, 'YYYY-MM-DD') AS data, tipo, forma_pagamento, total, itens FROM vendas WHERE user_id = $1 AND NOT _deleted`,
    [ownerId],
  );
  const { rows: expenses } = await db.query<{ data: string; valor: string }>(
    `SELECT to_char(data, 'YYYY-MM-DD') AS data, valor FROM despesas WHERE user_id = $1 AND NOT _deleted`,
    [ownerId],
  );
  const days = new Map<string, Record<string, number>>();
  const day = (key: string) => {
    let row = days.get(key);
    if (!row) days.set(key, (row = { ...NO_SALES }));
    return row;
  };
  const products = new Map<string, { quantidade: number; receita: number }>();
  for (const sale of sales) {
    const row = day(sale.data);
    const amount = cents(sale.total);
    row.vendas = (row.vendas ?? 0) + 1;
    row.total = (row.total ?? 0) + amount;
    const type = sale.tipo === 'fiado' ? 'fiado' : 'avista';
    row[type] = (row[type] ?? 0) + amount;
    row[`${type}_qtd`] = (row[`${type}_qtd`] ?? 0) + 1;
    if (type === 'avista') {
      const forma = ['dinheiro', 'cartao', 'pix'].includes(sale.forma_pagamento ?? '') ? (sale.forma_pagamento ?? '') : 'outro';
      row[forma] = (row[forma] ?? 0) + amount;
      row[`${forma}_qtd`] = (row[`${forma}_qtd`] ?? 0) + 1;
    }
    for (const item of sale.itens) {
      const sum = products.get(item.produto_id) ?? { quantidade: 0, receita: 0 };
      sum.quantidade += thousandths(item.quantidade);
      sum.receita += cents(item.preco_total);
      products.set(item.produto_id, sum);
    }
  }
  for (const expense of expenses) {
    const row = day(expense.data);
    row.despesas = (row.despesas ?? 0) + cents(expense.valor);
    row.despesas_qtd = (row.despesas_qtd ?? 0) + 1;
  }
  return { days, products };
}

const MONEY = new Set(['total', 'avista', 'fiado', 'dinheiro', 'cartao', 'pix', 'outro', 'despesas']);

function fromReport(report: Report) {
  const days = new Map<string, Record<string, number>>();
  for (const row of report.dias) {
    const figures: Record<string, number> = {};
    for (const [key, value] of Object.entries(row))
      if (key !== 'dia') figures[key] = MONEY.has(key) ? cents(value) : Number(value);
    // A day whose sales and expenses were all removed folds to nothing, like a day that never had any.
    if (Object.values(figures).some((value) => value !== 0)) days.set(String(row.dia), figures);
  }
  const products = new Map(
    report.produtos.map((row) => [row.produto_id, { quantidade: thousandths(row.quantidade), receita: cents(row.receita) }]),
  );
  return { days, products };
}

async function newOwner(): Promise<{ id: string; client: SupabaseClient }> {
  const id = await createUser(db);
  await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [id]);
  return { id, client: stack.client(await stack.mintUserToken(id)) };
}

describe('daily rollups', () => {
  it("read through relatorio_periodo equal the fold of the period's live sales and expenses", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 12 }), async (ops) => {
        const { id: ownerId, client } = await newOwner();
        const productIds = [randomUUID(), randomUUID(), randomUUID()];
        const clienteId = randomUUID();
        const sales: string[] = [];
        const expenses: string[] = [];
        let clock = 0;
        for (const op of ops) {
          clock += 1;
          await asActor(db, owner(ownerId), async (tx) => {
            if (op.op === 'sale') {
              const row = saleRow(op.sale, productIds, clienteId);
              const id = randomUUID();
              sales.push(id);
              await tx.query(
                `INSERT INTO vendas (id, data, tipo, cliente_id, forma_pagamento, total, itens, hlc) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
                [
                  id,
                  row.data,
                  row.tipo,
                  row.cliente_id,
                  row.forma_pagamento,
                  row.total,
                  row.itens,
                  hlcAt(1_770_000_000_000 + clock),
                ],
              );
            } else if (op.op === 'edit' && sales.length > 0) {
              const row = saleRow(op.sale, productIds, clienteId);
              await tx.query(
                `UPDATE vendas SET data = $2, tipo = $3, cliente_id = $4, forma_pagamento = $5, total = $6, itens = $7 WHERE id = $1`,
                [sales[op.target % sales.length], row.data, row.tipo, row.cliente_id, row.forma_pagamento, row.total, row.itens],
              );
            } else if (op.op === 'remove' && sales.length > 0) {
              await tx.query(`DELETE FROM vendas WHERE id = $1`, [sales[op.target % sales.length]]);
            } else if (op.op === 'expense') {
              const id = randomUUID();
              expenses.push(id);
              await tx.query(`INSERT INTO despesas (id, descricao, valor, data) VALUES ($1, 'Luz', $2, $3)`, [
                id,
                op.value,
                DAYS[op.day],
              ]);
            } else if (op.op === 'removeExpense' && expenses.length > 0) {
              await tx.query(`DELETE FROM despesas WHERE id = $1`, [expenses[op.target % expenses.length]]);
            }
          });
        }
        const report = await client.rpc('relatorio_periodo', { p_de: DAYS[0], p_ate: DAYS[DAYS.length - 1] });
        expect(report.error).toBeNull();
        const expected = await foldedRows(ownerId);
        const actual = fromReport(report.data as Report);
        expect(actual.days).toEqual(expected.days);
        expect(actual.products).toEqual(
          new Map([...expected.products].filter(([, sum]) => sum.quantidade !== 0 || sum.receita !== 0)),
        );

        // Each day's row moved with (after) the last write of every sale it folds.
        const { rows: stale } = await db.query(
          `SELECT v.id FROM vendas v LEFT JOIN resumos_dia r ON r.user_id = v.user_id AND r.dia = v.data AND r.produto_id IS NULL
            WHERE v.user_id = $1 AND (r.id IS NULL OR r._modified < v._modified)`,
          [ownerId],
        );
        expect(stale).toEqual([]);
      }),
      { numRuns: 15, seed: 24_031, endOnFailure: true },
    );
  });

  it("are the owner's alone: another owner reads none of them, and nobody writes them over REST", async () => {
    const a = await newOwner();
    const b = await newOwner();
    await asActor(db, owner(a.id), (tx) =>
      tx.query(`INSERT INTO despesas (descricao, valor, data) VALUES ('Aluguel', 900, '2026-03-02')`),
    );
    expect((await a.client.from('resumos_dia').select('despesas')).data).toEqual([{ despesas: 900 }]);
    expect((await b.client.from('resumos_dia').select('id').eq('user_id', a.id)).data).toEqual([]);
    expect((await b.client.rpc('relatorio_periodo', { p_de: '2026-03-01', p_ate: '2026-03-31' })).data).toEqual({
      dias: [],
      produtos: [],
    });
    expect((await a.client.from('resumos_dia').update({ despesas: 1 }).eq('user_id', a.id).select()).error?.code).toBe('42501');
    expect(
      (
        await a.client
          .from('resumos_dia')
          .insert({ dia: '2026-03-02', produto_id: randomUUID(), nome: 'x', unidade: 'un', user_id: a.id })
      ).error?.code,
    ).toBe('42501');
    expect((await stack.client().rpc('relatorio_periodo', { p_de: '2026-03-01', p_ate: '2026-03-31' })).error).not.toBeNull();
    expect((await a.client.rpc('relatorio_periodo', { p_de: '2026-03-31', p_ate: '2026-03-01' })).error?.code).toBe('22023');
  });
});
