// Discounts on the server (0038): a discounted sale whose amounts add up is stored, and the day's rollup counts it
// net (its products' revenue gross, so the difference is the day's discounts); a line discount above the line, a
// sale discount above what the lines come to, or a total that is not the rest are refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor, createUser, hlcAt, owner } from './helpers.ts';

let db: Database;
let ownerId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = await createUser(db);
});
afterAll(async () => {
  await db.close();
});

interface PushResult {
  conflicts: unknown[];
  rejected: { id: string; code: string; message: string }[];
}

async function push(doc: Record<string, unknown>): Promise<PushResult> {
  const { rows } = await asActor(db, owner(ownerId), (tx) =>
    tx.query<{ result: PushResult }>(`SELECT public.replicate_push('vendas', $1) AS result`, [
      JSON.stringify([{ doc: { user_id: ownerId, ...doc }, assumed_modified: null }]),
    ]),
  );
  const value = rows[0]?.result;
  if (!value) throw new Error('replicate_push answered nothing');
  return value;
}

const item = (preco_total: number, desconto?: number) => ({
  produto_id: randomUUID(),
  quantidade: 1,
  preco_unitario: preco_total,
  preco_total,
  nome_produto: 'Queijo',
  unidade_produto: 'un',
  ...(desconto === undefined ? {} : { desconto }),
});

/** A sale of the given day: lines of 99,99 (10,00 off) and 3,00, less 2,50 off the sale. */
const discounted = (data: string, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  data,
  tipo: 'avista',
  forma_pagamento: 'dinheiro',
  hlc: hlcAt(1_700_000_000_000),
  itens: [item(99.99, 10), item(3)],
  desconto: 2.5,
  total: 90.49,
  ...overrides,
});

describe('discounts on vendas', () => {
  it('stores a sale whose discounts add up; the rollup counts it net and its products gross', async () => {
    const sale = discounted('2025-04-10');
    expect(await push(sale)).toEqual({ conflicts: [], rejected: [] });
    const { rows } = await db.query<{ total: string; receita: string }>(
      `SELECT (SELECT total::text FROM public.resumos_dia WHERE user_id = $1 AND dia = $2 AND produto_id IS NULL) AS total,
              (SELECT sum(receita)::text FROM public.resumos_dia WHERE user_id = $1 AND dia = $2 AND produto_id IS NOT NULL) AS receita`,
      [ownerId, '2025-04-10'],
    );
    expect(rows[0]).toEqual({ total: '90.49', receita: '102.99' });
  });

  it.each([
    ['a line discount above the line', { itens: [item(3, 3.01)], desconto: null, total: 0 }],
    ['a negative line discount', { itens: [item(3, -1)], desconto: null, total: 4 }],
    ['a sale discount above what the lines come to', { itens: [item(3, 1)], desconto: 2.01, total: 0 }],
    ['a total that is not the lines less the discounts', { total: 90.5 }],
  ])('refuses %s', async (_rule, overrides) => {
    const sale = discounted('2025-04-11', overrides);
    const result = await push(sale);
    expect(result.rejected).toEqual([expect.objectContaining({ id: sale.id, code: '23514' })]);
  });

  it('leaves a sale without discounts as it always was', async () => {
    const sale = discounted('2025-04-12', { itens: [item(3)], desconto: null, total: 3 });
    expect(await push(sale)).toEqual({ conflicts: [], rejected: [] });
  });
});
