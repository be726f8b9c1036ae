// The bases of the derived counters (docs/growth.md §4): whatever the order of facts, cut advances, late facts,
// edits and deletions, a product's base taken as a count at its cut plus the facts at or after the cut gives the
// stock the server derives from every fact, and a client's base plus the later entries gives the balance. The
// bases are the owner's alone: readable by her, written by nobody but the server.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { createDerivedCounters } from '../../workers/ledger/derived-counters.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { asActor, createUser, hlcAt, owner } from './helpers.ts';

let stack: TestStack;
let db: Database;
let userId: string;
beforeAll(async () => {
  stack = await startTestStack();
  db = stack.db;
  userId = await createUser(db);
  await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [userId]);
});
afterAll(async () => {
  await stack.close();
});

const DAY = 86_400_000;
/** Noon of the first day of the scenarios (UTC): facts fall on four consecutive days. */
const START = Date.UTC(2026, 0, 10, 12);

type FactKind = 'count' | 'entry' | 'sale' | 'fiado' | 'debit' | 'payment';
interface Fact {
  kind: FactKind;
  /** Milliseconds after START. */
  at: number;
  amount: number;
}

const factArbitrary: fc.Arbitrary<Fact> = fc.record({
  kind: fc.constantFrom<FactKind>('count', 'entry', 'sale', 'fiado', 'debit', 'payment'),
  at: fc.integer({ min: 0, max: 4 * DAY - 1 }),
  amount: fc.integer({ min: 1, max: 9_999 }).map((n) => n / 100),
});

const scenario = fc.array(factArbitrary, { minLength: 1, maxLength: 8 }).chain((facts) =>
  fc.record({
    facts: fc.constant(facts),
    steps: fc.array(
      fc.oneof(
        fc.record({ op: fc.constant('write' as const), fact: fc.integer({ min: 0, max: facts.length - 1 }) }),
        fc.record({ op: fc.constant('advance' as const), day: fc.integer({ min: 0, max: 4 }) }),
        fc.record({
          op: fc.constantFrom('delete' as const, 'edit' as const),
          fact: fc.integer({ min: 0, max: facts.length - 1 }),
        }),
      ),
      { minLength: 1, maxLength: 14 },
    ),
  }),
);

const stamp = (at: number, node = 'a') => hlcAt(START + at, 0, node);

async function writeFact(tx: Queryable, fact: Fact, id: string, produtoId: string, clienteId: string): Promise<void> {
  const createdAt = new Date(START + fact.at).toISOString();
  switch (fact.kind) {
    case 'count':
    case 'entry':
      await tx.query(
        `INSERT INTO historico_estoque (id, produto_id, tipo, quantidade, hlc, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, produtoId, fact.kind === 'count' ? 'ajuste' : 'entrada', fact.amount, stamp(fact.at), createdAt],
      );
      return;
    case 'sale':
    case 'fiado':
      await tx.query(
        `INSERT INTO vendas (id, total, tipo, cliente_id, hlc, itens, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          id,
          fact.amount,
          fact.kind === 'fiado' ? 'fiado' : 'avista',
          fact.kind === 'fiado' ? clienteId : null,
          stamp(fact.at),
          JSON.stringify([
            {
              produto_id: produtoId,
              quantidade: fact.amount,
              preco_unitario: 1,
              preco_total: fact.amount,
              nome_produto: 'Feijão',
              unidade_produto: 'kg',
            },
          ]),
          createdAt,
        ],
      );
      return;
    case 'debit':
    case 'payment':
      await tx.query(`INSERT INTO fiado_lancamentos (id, cliente_id, tipo, valor, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        id,
        clienteId,
        fact.kind === 'debit' ? 'debito' : 'pagamento',
        fact.amount,
        createdAt,
      ]);
  }
}

const TABLE_OF: Record<FactKind, 'historico_estoque' | 'vendas' | 'fiado_lancamentos'> = {
  count: 'historico_estoque',
  entry: 'historico_estoque',
  sale: 'vendas',
  fiado: 'vendas',
  debit: 'fiado_lancamentos',
  payment: 'fiado_lancamentos',
};

/** One unit more of a fact (a sale's total and its one line together). */
const EDITS: Record<(typeof TABLE_OF)[FactKind], string> = {
  historico_estoque: `UPDATE historico_estoque SET quantidade = quantidade + 1 WHERE id = $1`,
  fiado_lancamentos: `UPDATE fiado_lancamentos SET valor = valor + 1 WHERE id = $1`,
  vendas: `UPDATE vendas SET total = total + 1,
             itens = jsonb_set(jsonb_set(itens, '{0,quantidade}', to_jsonb(total + 1)), '{0,preco_total}', to_jsonb(total + 1))
           WHERE id = $1`,
};

interface BaseRow {
  tipo: 'estoque' | 'saldo';
  valor: string;
  corte: string;
  ultima_contagem_hlc: string;
  _modified: string;
}

/** What a device computes: the base as a count (or an opening balance) at its cut, then every fact at or after it. */
async function foldedOnTopOfBases(
  owner: string,
  produtoId: string,
  clienteId: string,
): Promise<{ stock: number; balance: number }> {
  const { rows: bases } = await db.query<BaseRow>(
    `SELECT tipo, valor, corte, ultima_contagem_hlc, _modified FROM bases_contadores WHERE user_id = $1 AND ref_id = ANY ($2::uuid[])`,
    [owner, [produtoId, clienteId]],
  );
  const stockBase = bases.find((row) => row.tipo === 'estoque');
  const balanceBase = bases.find((row) => row.tipo === 'saldo');
  const stockCut = stockBase ? hlcAt(Date.parse(stockBase.corte), 0, '').slice(0, 11) : '';
  const balanceCut = (balanceBase ? Date.parse(balanceBase.corte) : undefined) ?? Number.NEGATIVE_INFINITY;
  const counters = createDerivedCounters();
  if (stockBase)
    counters.upsertStockFact({
      id: 'base',
      produto_id: produtoId,
      tipo: 'ajuste',
      quantidade: Number(stockBase.valor),
      hlc: stockCut,
      deleted: false,
    });
  if (balanceBase) {
    const valor = Number(balanceBase.valor);
    counters.upsertLedgerEntry({
      id: 'base',
      cliente_id: clienteId,
      tipo: valor >= 0 ? 'debito' : 'pagamento',
      valor: Math.abs(valor),
      deleted: false,
    });
  }
  const { rows: stockFacts } = await db.query<{
    id: string;
    tipo: 'ajuste' | 'entrada';
    quantidade: string;
    hlc: string;
    _deleted: boolean;
  }>(`SELECT id, tipo, quantidade, hlc, _deleted FROM historico_estoque WHERE produto_id = $1 AND hlc COLLATE "C" > $2`, [
    produtoId,
    stockCut,
  ]);
  for (const fact of stockFacts)
    counters.upsertStockFact({
      id: fact.id,
      produto_id: produtoId,
      tipo: fact.tipo,
      quantidade: Number(fact.quantidade),
      hlc: fact.hlc,
      deleted: fact._deleted,
    });
  const { rows: sales } = await db.query<{
    id: string;
    tipo: 'avista' | 'fiado';
    cliente_id: string | null;
    total: string;
    hlc: string;
    itens: { produto_id: string; quantidade: number }[];
    _deleted: boolean;
  }>(`SELECT id, tipo, cliente_id, total, hlc, itens, _deleted FROM vendas WHERE user_id = $1`, [owner]);
  for (const sale of sales) {
    const afterStockCut = sale.hlc > stockCut;
    const afterBalanceCut = Number.parseInt(sale.hlc.slice(0, 11), 36) >= balanceCut;
    counters.upsertSale({
      id: sale.id,
      hlc: sale.hlc,
      tipo: afterBalanceCut ? sale.tipo : 'avista',
      cliente_id: afterBalanceCut ? sale.cliente_id : null,
      total: Number(sale.total),
      itens: afterStockCut ? sale.itens : [],
      deleted: sale._deleted,
    });
  }
  const { rows: entries } = await db.query<{ id: string; tipo: 'debito' | 'pagamento'; valor: string; _deleted: boolean }>(
    `SELECT id, tipo, valor, _deleted FROM fiado_lancamentos WHERE cliente_id = $1 AND created_at >= $2`,
    [clienteId, new Date(Number.isFinite(balanceCut) ? balanceCut : 0).toISOString()],
  );
  for (const entry of entries)
    counters.upsertLedgerEntry({
      id: entry.id,
      cliente_id: clienteId,
      tipo: entry.tipo,
      valor: Number(entry.valor),
      deleted: entry._deleted,
    });
  return { stock: counters.stockOf(produtoId), balance: counters.balanceOf(clienteId) };
}

async function serverCounters(produtoId: string, clienteId: string): Promise<{ stock: number; balance: number }> {
  const { rows } = await db.query<{ estoque: string; saldo: string }>(
    `SELECT (SELECT estoque FROM produtos WHERE id = $1) AS estoque, (SELECT saldo_devedor FROM clientes WHERE id = $2) AS saldo`,
    [produtoId, clienteId],
  );
  return { stock: Number(rows[0]?.estoque), balance: Number(rows[0]?.saldo) };
}

describe('counter bases', () => {
  it('plus the facts after their cut equal the derivation from every fact, through advances, late facts, edits and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ facts, steps }) => {
        const ownerId = await createUser(db);
        await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [ownerId]);
        const produtoId = randomUUID();
        const clienteId = randomUUID();
        const ids = facts.map(() => randomUUID());
        const written = new Set<number>();
        await asActor(db, owner(ownerId), async (tx) => {
          await tx.query(`INSERT INTO produtos (id, nome, preco, estoque_minimo) VALUES ($1, 'Feijão', 9, 0)`, [produtoId]);
          await tx.query(`INSERT INTO clientes (id, nome) VALUES ($1, 'João')`, [clienteId]);
        });
        for (const step of steps) {
          const fact = 'fact' in step ? facts[step.fact] : undefined;
          const id = 'fact' in step ? (ids[step.fact] ?? '') : '';
          if (step.op === 'advance') {
            await db.query(`SELECT public.avancar_corte_ate($1, $2)`, [
              ownerId,
              new Date(START - 12 * 3_600_000 + step.day * DAY).toISOString(),
            ]);
          } else if (step.op === 'write' && fact && !written.has(step.fact)) {
            written.add(step.fact);
            await asActor(db, owner(ownerId), (tx) => writeFact(tx, fact, id, produtoId, clienteId));
          } else if (step.op === 'delete' && fact && written.has(step.fact)) {
            await asActor(db, owner(ownerId), (tx) =>
              tx.query(`UPDATE ${TABLE_OF[fact.kind]} SET _deleted = true WHERE id = $1`, [id]),
            );
          } else if (step.op === 'edit' && fact && written.has(step.fact)) {
            await asActor(db, owner(ownerId), (tx) => tx.query(EDITS[TABLE_OF[fact.kind]], [id]));
          }
          expect(await foldedOnTopOfBases(ownerId, produtoId, clienteId)).toEqual(await serverCounters(produtoId, clienteId));
        }
      }),
      { numRuns: 20, seed: 23_017, endOnFailure: true },
    );
  });

  it('move after a late fact in the same transaction, so a base row is newer than every fact it folds', async () => {
    const produtoId = randomUUID();
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO produtos (id, nome, preco, estoque_minimo) VALUES ($1, 'Arroz', 9, 0)`, [produtoId]),
    );
    await db.query(`SELECT public.avancar_corte_ate($1, $2)`, [userId, new Date(START + DAY).toISOString()]);
    const saleId = randomUUID();
    await asActor(db, owner(userId), (tx) => writeFact(tx, { kind: 'sale', at: 0, amount: 2 }, saleId, produtoId, randomUUID()));
    const { rows } = await db.query<{ base: string; venda: string; valor: string }>(
      `SELECT b._modified AS base, v._modified AS venda, b.valor FROM bases_contadores b, vendas v
        WHERE b.ref_id = $1 AND b.tipo = 'estoque' AND v.id = $2`,
      [produtoId, saleId],
    );
    expect(Number(rows[0]?.valor)).toBe(-2);
    expect(Date.parse(rows[0]?.base ?? '')).toBeGreaterThanOrEqual(Date.parse(rows[0]?.venda ?? ''));
  });

  it("are the owner's to read over REST, nobody's to write, and today's cut comes from the owner's RPC", async () => {
    const otherId = await createUser(db);
    const mine = stack.client(await stack.mintUserToken(userId));
    const theirs = stack.client(await stack.mintUserToken(otherId));

    const cut = await mine.rpc('avancar_corte');
    expect(cut.error).toBeNull();
    const { rows } = await db.query<{ esperado: string }>(`SELECT public.inicio_do_dia(now()) AS esperado`);
    // The owner's cut never moves back: an earlier test's cut may be later than today's start.
    expect(new Date(String(cut.data)).getTime()).toBeGreaterThanOrEqual(Date.parse(rows[0]?.esperado ?? ''));
    expect((await mine.rpc('avancar_corte')).data).toEqual(cut.data);

    const own = await mine.from('bases_contadores').select('ref_id, valor');
    expect(own.error).toBeNull();
    expect(own.data?.length).toBeGreaterThan(0);
    expect((await theirs.from('bases_contadores').select('id').eq('user_id', userId)).data).toEqual([]);
    expect((await theirs.from('cortes_contadores').select('user_id').eq('user_id', userId)).data).toEqual([]);

    const forged = await mine
      .from('bases_contadores')
      .insert({ tipo: 'estoque', ref_id: randomUUID(), valor: 999, corte: new Date().toISOString(), user_id: userId });
    expect(forged.error?.code).toBe('42501');
    const moved = await mine.from('bases_contadores').update({ valor: 999 }).eq('user_id', userId).select();
    expect(moved.error?.code).toBe('42501');
    const jumped = await mine.rpc('avancar_corte_ate', { p_user_id: userId, p_corte: '2999-01-01T00:00:00Z' });
    expect(jumped.error).not.toBeNull();
    expect((await theirs.rpc('avancar_corte_ate', { p_user_id: userId, p_corte: '2999-01-01T00:00:00Z' })).error).not.toBeNull();
  });
});
