// The windowed pull (docs/growth.md §6): `replicate_pull` with a fact-day bound leaves out the facts before it
// (sales, stock facts, ledger entries, expenses, daily rollups) but never a catalogue row, never a fact the
// counters' bases do not hold (no cut yet, or a cut older than the bound), and its checkpoint still moves past
// the rows it left out. A pull without the bound (an older device) gets everything, as before.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { appVersionOf, asActor, createUser, hlcAt, owner } from './helpers.ts';

let stack: TestStack;
let db: Database;
let userId: string;

/** Noon in São Paulo of a day long before the window, and of a day inside it. */
const OLD = Date.UTC(2026, 0, 10, 15);
const RECENT = Date.UTC(2026, 5, 10, 15);
const WINDOW_START = '2026-03-01';
const produtoId = randomUUID();
const clienteId = randomUUID();
const ids = {
  oldSale: randomUUID(),
  recentSale: randomUUID(),
  oldStock: randomUUID(),
  recentStock: randomUUID(),
  oldEntry: randomUUID(),
  recentEntry: randomUUID(),
  oldExpense: randomUUID(),
  recentExpense: randomUUID(),
};

interface PullAnswer {
  documents: { id: string; _modified: string; dia?: string }[];
  checkpoint: { modified: string; id: string } | null;
  more: boolean;
}

/** One page of `table` as the owner pulls it (`desde` undefined: the call of a device that does not send it). */
async function pull(
  table: string,
  options: { desde?: string; after?: { modified: string; id: string } | null; limit?: number } = {},
): Promise<PullAnswer> {
  return asActor(db, owner(userId), async (tx) => {
    const args = [table, options.after?.modified ?? null, options.after?.id ?? null, options.limit ?? 500, appVersionOf(table)];
    const { rows } = await (options.desde === undefined
      ? tx.query<{ answer: PullAnswer }>(`SELECT public.replicate_pull($1, $2, $3, $4, p_versao => $5) AS answer`, args)
      : tx.query<{ answer: PullAnswer }>(`SELECT public.replicate_pull($1, $2, $3, $4, $6, $5) AS answer`, [...args, options.desde]));
    const [row] = rows;
    if (!row) throw new Error('replicate_pull answered nothing');
    return row.answer;
  });
}

const idsOf = (answer: PullAnswer) => answer.documents.map((document) => document.id).sort();

/** Every page from the start, each of `limit` rows, following the checkpoint the server gives. */
async function pullAll(table: string, desde: string, limit: number): Promise<{ ids: string[]; pages: PullAnswer[] }> {
  const pages: PullAnswer[] = [];
  let after: PullAnswer['checkpoint'] = null;
  for (;;) {
    const page = await pull(table, { desde, after, limit });
    pages.push(page);
    after = page.checkpoint ?? after;
    if (page.documents.length < limit) break;
  }
  return { ids: pages.flatMap((page) => page.documents.map((document) => document.id)).sort(), pages };
}

const cutAt = (instant: string) => db.query(`SELECT public.avancar_corte_ate($1, $2)`, [userId, instant]);

beforeAll(async () => {
  stack = await startTestStack();
  db = stack.db;
  userId = await createUser(db);
  await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [userId]);
  await asActor(db, owner(userId), async (tx) => {
    await tx.query(`INSERT INTO produtos (id, nome, preco, estoque_minimo) VALUES ($1, 'Feijão', 9, 0)`, [produtoId]);
    await tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'João')`, [clienteId]);
    // The recent facts first: the old ones are the last rows a pull passes.
    for (const [saleId, at] of [
      [ids.recentSale, RECENT],
      [ids.oldSale, OLD],
    ] as const) {
      const item = {
        produto_id: produtoId,
        quantidade: 1,
        preco_unitario: 9,
        preco_total: 9,
        nome_produto: 'Feijão',
        unidade_produto: 'kg',
      };
      await tx.query(
        `INSERT INTO vendas (id, total, tipo, hlc, itens, data, created_at) VALUES ($1, 9, 'avista', $2, $3, $4, $5)`,
        [saleId, hlcAt(at), JSON.stringify([item]), new Date(at).toISOString().slice(0, 10), new Date(at).toISOString()],
      );
    }
    for (const [stockId, at] of [
      [ids.recentStock, RECENT],
      [ids.oldStock, OLD],
    ] as const) {
      await tx.query(
        `INSERT INTO historico_estoque (id, produto_id, tipo, quantidade, hlc, created_at) VALUES ($1, $2, 'entrada', 5, $3, $4)`,
        [stockId, produtoId, hlcAt(at), new Date(at).toISOString()],
      );
    }
    for (const [entryId, at] of [
      [ids.recentEntry, RECENT],
      [ids.oldEntry, OLD],
    ] as const) {
      await tx.query(
        `INSERT INTO fiado_lancamentos (id, cliente_id, tipo, valor, data, created_at) VALUES ($1, $2, 'debito', 7, $3, $4)`,
        [entryId, clienteId, new Date(at).toISOString().slice(0, 10), new Date(at).toISOString()],
      );
    }
    for (const [expenseId, at] of [
      [ids.recentExpense, RECENT],
      [ids.oldExpense, OLD],
    ] as const) {
      await tx.query(`INSERT INTO despesas (id, descricao, valor, data) VALUES ($1, 'Luz', 30, $2)`, [
        expenseId,
        new Date(at).toISOString().slice(0, 10),
      ]);
    }
  });
});
afterAll(async () => {
  await stack.close();
});

describe('replicate_pull with a fact-day bound', () => {
  it('leaves nothing out while the owner has no cut: the bases hold none of the old facts', async () => {
    expect(idsOf(await pull('vendas', { desde: WINDOW_START }))).toEqual([ids.oldSale, ids.recentSale].sort());
    expect(idsOf(await pull('historico_estoque', { desde: WINDOW_START }))).toEqual([ids.oldStock, ids.recentStock].sort());
    expect(idsOf(await pull('fiado_lancamentos', { desde: WINDOW_START }))).toEqual([ids.oldEntry, ids.recentEntry].sort());
  });

  it('lowers the bound to the day of a cut older than it', async () => {
    await cutAt('2026-01-05T03:00:00Z');
    expect(idsOf(await pull('vendas', { desde: WINDOW_START }))).toEqual([ids.oldSale, ids.recentSale].sort());
    await cutAt('2026-01-11T03:00:00Z');
    expect(idsOf(await pull('vendas', { desde: WINDOW_START }))).toEqual([ids.recentSale]);
  });

  it('once the bases hold them, leaves out the facts before the bound and keeps the catalogue whole', async () => {
    await cutAt('2026-06-20T03:00:00Z');
    expect(idsOf(await pull('vendas', { desde: WINDOW_START }))).toEqual([ids.recentSale]);
    expect(idsOf(await pull('historico_estoque', { desde: WINDOW_START }))).toEqual([ids.recentStock]);
    expect(idsOf(await pull('fiado_lancamentos', { desde: WINDOW_START }))).toEqual([ids.recentEntry]);
    expect(idsOf(await pull('despesas', { desde: WINDOW_START }))).toEqual([ids.recentExpense]);
    expect(idsOf(await pull('produtos', { desde: WINDOW_START }))).toEqual([produtoId]);
    expect(idsOf(await pull('clientes', { desde: WINDOW_START }))).toEqual([clienteId]);
    const rollups = await pull('resumos_dia', { desde: WINDOW_START });
    expect(rollups.documents.length).toBeGreaterThan(0);
    expect(rollups.documents.every((row) => (row.dia ?? '') >= WINDOW_START)).toBe(true);
    expect((await pull('resumos_dia')).documents.some((row) => (row.dia ?? '') < WINDOW_START)).toBe(true);
  });

  it('moves the checkpoint past the rows it left out, page by page, and says no more rows are coming', async () => {
    for (const [table, kept, last] of [
      ['vendas', ids.recentSale, ids.oldSale],
      ['historico_estoque', ids.recentStock, ids.oldStock],
      ['fiado_lancamentos', ids.recentEntry, ids.oldEntry],
      ['despesas', ids.recentExpense, ids.oldExpense],
    ] as const) {
      const { ids: pulled, pages } = await pullAll(table, WINDOW_START, 1);
      expect(pulled).toEqual([kept]);
      // The page after the kept row is empty, yet its checkpoint is the old row the pull passed.
      expect(pages.at(-1)?.documents).toEqual([]);
      expect(pages.at(-1)?.checkpoint?.id).toBe(last);
      expect(pages.every((page) => !page.more)).toBe(true);
      // From there, nothing is left to pass.
      const after = pages.at(-1)?.checkpoint ?? null;
      const next = await pull(table, { desde: WINDOW_START, after, limit: 1 });
      expect(next.documents).toEqual([]);
      expect(next.checkpoint).toEqual(after);
    }
  });

  it('gives every row to a device that sends no bound', async () => {
    expect(idsOf(await pull('vendas'))).toEqual([ids.oldSale, ids.recentSale].sort());
    expect(idsOf(await pull('despesas'))).toEqual([ids.oldExpense, ids.recentExpense].sort());
    expect(idsOf(await pull('historico_estoque', { desde: undefined }))).toEqual([ids.oldStock, ids.recentStock].sort());
  });
});
