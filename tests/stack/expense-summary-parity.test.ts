// The expenses summary computed on the device (workers/expenses/summary.ts) equals the server's
// get_expense_summary on the same rows, for every filter the page sends: description (accents and case ignored,
// '%' and '_' literal), each category, 'NO_CATEGORY', periods, and their combinations; deleted expenses and
// deleted categories (their expenses read 'Sem categoria') included. Runs on PGlite, and on Postgres 15 when
// TEST_DATABASE_URL names one (the second round of `npm test`).
import type { SupabaseClient } from '@supabase/supabase-js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DespesaCategoriasDoc, DespesasDoc } from '../../schemas/index.ts';
import { NO_CATEGORY, type ExpenseFilter } from '../../workers/expenses/schema.ts';
import { figuresOf, matchesFilter, rowsOf as joinRows, type SummaryFigures } from '../../workers/expenses/summary.ts';
import { createUser } from '../db/helpers.ts';
import { rowOf, rowsOf } from '../support/results.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: SupabaseClient;
let userId: string;
const categoryIds: Record<string, string> = {};

const now = new Date().toISOString();

beforeAll(async () => {
  stack = await startTestStack();
  userId = await createUser(stack.db);
  owner = stack.client(await stack.mintUserToken(userId));
  const categorias = rowsOf<{ id: string; nome: string }>(
    await owner
      .from('despesa_categorias')
      .insert(
        [
          ['Água e Luz', '#1f77b4'],
          ['Aluguel', '#ff7f0e'],
          ['Limpeza', '#2ca02c'],
          ['Removida', '#d62728'],
        ].map(([nome, cor]) => ({ nome, cor, user_id: userId, created_at: now, updated_at: now })),
      )
      .select('id, nome'),
  );
  for (const row of categorias) categoryIds[row.nome] = row.id;
  const rows: [string, number, string, string | null][] = [
    ['Conta de luz março', 150.4, '2025-03-10', 'Água e Luz'],
    ['Conta de LUZ abril', 170, '2025-04-10', 'Água e Luz'],
    ['Água mineral', 23.9, '2025-04-11', 'Água e Luz'],
    ['Aluguel de abril', 1200, '2025-04-05', 'Aluguel'],
    ['Sacolas plásticas', 35.5, '2025-04-20', null],
    ['Desconto 10% fornecedor', 12.34, '2025-04-21', null],
    ['Taxa_bancária', 8.9, '2025-04-22', 'Removida'],
    ['Detergente e sabão', 19.99, '2025-04-30', 'Limpeza'],
    ['Café da manhã', 7.5, '2025-05-01', null],
    ['Lançada por engano', 999, '2025-04-15', 'Aluguel'],
  ];
  const inserted = rowsOf<{ id: string; descricao: string }>(
    await owner
      .from('despesas')
      .insert(
        rows.map(([descricao, valor, data, categoria]) => ({
          descricao,
          valor,
          data,
          categoria_id: categoria ? categoryIds[categoria] : null,
          user_id: userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .select('id, descricao'),
  );
  const mistake = inserted.find((row) => row.descricao === 'Lançada por engano')?.id ?? '';
  expect((await owner.from('despesas').delete().eq('id', mistake)).error).toBeNull();
  expect(
    (
      await owner
        .from('despesa_categorias')
        .delete()
        .eq('id', categoryIds.Removida ?? '')
    ).error,
  ).toBeNull();
});
afterAll(async () => {
  await stack.close();
});

/** The server's figures for a filter, called as the page calls it. */
async function serverSummary(filter: ExpenseFilter): Promise<SummaryFigures> {
  return rowOf<SummaryFigures>(
    await owner.rpc('get_expense_summary', {
      p_user_id: userId,
      p_descricao: filter.descricao ?? null,
      p_categoria_id: filter.categoria_id ?? null,
      p_data_de: filter.data_de ?? null,
      p_data_ate: filter.data_ate ?? null,
    }),
  );
}

/** The device's figures from the same rows as the device holds them (deleted rows are not on a device). */
async function deviceSummary(filter: ExpenseFilter): Promise<SummaryFigures> {
  const service = stack.serviceClient();
  const expenses = rowsOf<DespesasDoc>(
    await service
      .from('despesas')
      .select('id, user_id, descricao, valor, data, categoria_id, created_at, updated_at')
      .eq('user_id', userId)
      .eq('_deleted', false),
  );
  const categories = rowsOf<DespesaCategoriasDoc>(
    await service
      .from('despesa_categorias')
      .select('id, user_id, nome, cor, icone, created_at, updated_at')
      .eq('user_id', userId)
      .eq('_deleted', false),
  );
  return figuresOf(joinRows(expenses, categories).filter((row) => matchesFilter(row, filter)));
}

const category = (nome: string): string => categoryIds[nome] ?? '';

describe('get_expense_summary and the device give the same figures', () => {
  const cases: [string, () => ExpenseFilter][] = [
    ['no filter', () => ({})],
    ["description 'LUZ'", () => ({ descricao: 'LUZ' })],
    ["description 'agua' (accents ignored)", () => ({ descricao: 'agua' })],
    ["description 'CAFÉ'", () => ({ descricao: 'CAFÉ' })],
    ["description '10%' (literal)", () => ({ descricao: '10%' })],
    ["description '%' matches only a percent sign", () => ({ descricao: '%' })],
    ["description 'a_b' (underscore literal)", () => ({ descricao: 'xa_b' })],
    ["description '_'", () => ({ descricao: '_' })],
    ['empty description', () => ({ descricao: '' })],
    ['category Água e Luz', () => ({ categoria_id: category('Água e Luz') })],
    ['category Aluguel', () => ({ categoria_id: category('Aluguel') })],
    ['a deleted category', () => ({ categoria_id: category('Removida') })],
    ['NO_CATEGORY', () => ({ categoria_id: NO_CATEGORY })],
    ['April', () => ({ data_de: '2025-04-01', data_ate: '2025-04-30' })],
    ['from 20 April on', () => ({ data_de: '2025-04-20' })],
    ['up to 10 April', () => ({ data_ate: '2025-04-10' })],
    ['a day with nothing', () => ({ data_de: '2024-01-01', data_ate: '2024-01-01' })],
    [
      "'luz' in Água e Luz in April",
      () => ({ descricao: 'luz', categoria_id: category('Água e Luz'), data_de: '2025-04-01', data_ate: '2025-04-30' }),
    ],
  ];

  it.each(cases)('%s', async (_name, filterOf) => {
    const filter = filterOf();
    const [server, device] = [await serverSummary(filter), await deviceSummary(filter)];
    expect(device).toEqual(server);
  });

  it("counts a deleted category's expenses as 'Sem categoria', deleted expenses not at all", async () => {
    const all = await serverSummary({});
    expect(all.total_geral).toBe(1628.53);
    expect(all.por_categoria.find((row) => row.nome === 'Sem categoria')).toEqual({
      nome: 'Sem categoria',
      cor: '#808080',
      total: 64.24,
    });
  });

  it("reads the description as the page's search does: 'agua' finds 'Água', '%' is a percent sign", async () => {
    expect((await serverSummary({ descricao: 'agua' })).total_geral).toBe(23.9);
    expect((await serverSummary({ descricao: '%' })).total_geral).toBe(12.34);
    expect((await serverSummary({ descricao: '_' })).total_geral).toBe(8.9);
  });

  it('agrees on random filters (seeded)', async () => {
    const words = ['luz', 'LUZ', 'água', 'Agua', 'de', '%', '_', 'ção', 'sabao', 'x', ''];
    const days = ['2025-03-10', '2025-04-01', '2025-04-10', '2025-04-20', '2025-04-30', '2025-05-01'];
    const categories = [undefined, NO_CATEGORY, 'Água e Luz', 'Aluguel', 'Limpeza', 'Removida'];
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...words), { nil: undefined }),
        fc.constantFrom(...categories),
        fc.option(fc.constantFrom(...days), { nil: undefined }),
        fc.option(fc.constantFrom(...days), { nil: undefined }),
        async (descricao, categoria, data_de, data_ate) => {
          const filter: ExpenseFilter = {
            ...(descricao === undefined ? {} : { descricao }),
            ...(categoria === undefined ? {} : { categoria_id: categoria === NO_CATEGORY ? NO_CATEGORY : category(categoria) }),
            ...(data_de === undefined ? {} : { data_de }),
            ...(data_ate === undefined ? {} : { data_ate }),
          };
          expect(await deviceSummary(filter), JSON.stringify(filter)).toEqual(await serverSummary(filter));
        },
      ),
      { seed: 1224, numRuns: 40 },
    );
  });
});
