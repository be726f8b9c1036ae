// Numbers that are not numbers: Postgres' numeric holds NaN (which passes `>= 0`) and ±Infinity, and JSON
// strings such as "NaN" reach it over REST and push. Every numeric column refuses them, so the stock and the
// balances derived from prices and quantities stay numbers on the server and on every device that pulls them.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { createUser, hlcAt } from './helpers.ts';

const NOT_NUMBERS = ['NaN', 'Infinity', '-Infinity'] as const;

let stack: TestStack;
let owner: SupabaseClient;
const produtoId = randomUUID();
const clienteId = randomUUID();

beforeAll(async () => {
  stack = await startTestStack();
  const userId = await createUser(stack.db);
  owner = stack.client(await stack.mintUserToken(userId));
  expect(
    (await owner.from('produtos').insert({ id: produtoId, nome: 'Arroz 5kg', preco: 27.9, unidade: 'un' })).error,
  ).toBeNull();
  expect((await owner.from('clientes').insert({ id: clienteId, nome: 'Maria', is_fiado: true })).error).toBeNull();
  const entrada = { produto_id: produtoId, tipo: 'entrada', quantidade: 10, hlc: hlcAt(1_700_000_000_000) };
  expect((await owner.from('historico_estoque').insert(entrada)).error).toBeNull();
  const debito = { cliente_id: clienteId, tipo: 'debito', valor: 12.5, data: '2025-03-01' };
  expect((await owner.from('fiado_lancamentos').insert(debito)).error).toBeNull();
});
afterAll(async () => {
  await stack.close();
});

/** A valid new row of `table` with `column` set to `value`. */
function rowWith(table: string, column: string, value: string): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    produtos: { nome: 'Feijão', preco: 8, unidade: 'un' },
    fiado_lancamentos: { cliente_id: clienteId, tipo: 'debito', valor: 5, data: '2025-03-02' },
    vendas: {
      data: '2025-03-02',
      total: 8,
      tipo: 'avista',
      hlc: hlcAt(1_700_000_100_000),
      itens: [
        {
          produto_id: produtoId,
          quantidade: 1,
          preco_unitario: 8,
          preco_total: 8,
          nome_produto: 'Arroz 5kg',
          unidade_produto: 'un',
        },
      ],
    },
    historico_estoque: { produto_id: produtoId, tipo: 'entrada', quantidade: 1, hlc: hlcAt(1_700_000_200_000) },
    despesas: { descricao: 'Conta de luz', valor: 150, data: '2025-03-02' },
  };
  return { id: randomUUID(), ...base[table], [column]: value };
}

const COLUMNS: [string, string][] = [
  ['produtos', 'preco'],
  ['produtos', 'preco_compra'],
  ['produtos', 'estoque_minimo'],
  ['fiado_lancamentos', 'valor'],
  ['vendas', 'total'],
  ['historico_estoque', 'quantidade'],
  ['despesas', 'valor'],
];

async function derived(): Promise<{ estoque: unknown; saldo: unknown }> {
  const produto = await owner.from('produtos').select('estoque').eq('id', produtoId).single();
  const cliente = await owner.from('clientes').select('saldo_devedor').eq('id', clienteId).single();
  return {
    estoque: (produto.data as { estoque: unknown }).estoque,
    saldo: (cliente.data as { saldo_devedor: unknown }).saldo_devedor,
  };
}

describe('NaN and ±Infinity', () => {
  it.each(COLUMNS)('%s.%s refuses them over REST, and the derived counters stay numbers', async (table, column) => {
    for (const value of NOT_NUMBERS) {
      const id = randomUUID();
      const { error, status } = await owner.from(table).insert({ ...rowWith(table, column, value), id });
      expect(status, `${table}.${column} = ${value}`).toBe(400);
      expect(['23514', '22003']).toContain(error?.code);
      expect((await owner.from(table).select('id').eq('id', id)).data).toEqual([]);
    }
    expect(await derived()).toEqual({ estoque: 10, saldo: 12.5 });
  });

  it.each(COLUMNS)('%s.%s refuses them on update', async (table, column) => {
    const row = rowWith(table, column, '1');
    expect((await owner.from(table).insert(row)).error).toBeNull();
    for (const value of NOT_NUMBERS) {
      const { error } = await owner
        .from(table)
        .update({ [column]: value })
        .eq('id', row.id);
      expect(['23514', '22003'], `${table}.${column} = ${value}`).toContain(error?.code);
    }
    const { data } = await owner.from(table).select(column).eq('id', row.id).single();
    expect((data as unknown as Record<string, unknown>)[column]).toBe(1);
  });

  it('refuses them in a push: the rows come back in `rejected`, the rest of the batch is written', async () => {
    const now = new Date().toISOString();
    const doc = (quantidade: unknown, at: number) => ({
      doc: {
        id: randomUUID(),
        produto_id: produtoId,
        tipo: 'entrada',
        quantidade,
        hlc: hlcAt(at),
        created_at: now,
        updated_at: now,
        _deleted: false,
      },
      assumed_modified: null,
    });
    const rows = [doc('NaN', 1_700_000_300_000), doc('Infinity', 1_700_000_300_001), doc(2, 1_700_000_300_002)];
    const result: { data: unknown; error: Error | null } = await owner.rpc('replicate_push', {
      p_table: 'historico_estoque',
      p_rows: rows,
    });
    expect(result.error).toBeNull();
    const rejected = (result.data as { rejected: { id: string; code: string }[] }).rejected;
    expect(rejected.map((row) => row.id).sort()).toEqual([rows[0]?.doc.id, rows[1]?.doc.id].sort());
    expect(rejected.every((row) => ['23514', '22003'].includes(row.code))).toBe(true);
    expect((await derived()).estoque).toBe(12);
  });

  it('a payment cannot be worth NaN either (written by the payment webhook)', async () => {
    const userId = await createUser(stack.db);
    const { error } = await stack
      .serviceClient()
      .from('planos_pagamentos')
      .insert({ user_id: userId, valor: 'NaN', status: 'pago' });
    expect(error?.code).toBe('23514');
  });

  it('guards every numeric column of every table with a check (itens_venda takes its numbers from JSON)', async () => {
    const { rows } = await stack.db.query<{ coluna: string; guardada: boolean }>(
      `SELECT c.relname || '.' || a.attname AS coluna,
              EXISTS (SELECT 1 FROM pg_constraint k
                       WHERE k.conrelid = c.oid AND k.contype = 'c' AND k.conkey = ARRAY[a.attnum]
                         AND pg_get_constraintdef(k.oid) LIKE '%''NaN''::numeric%''Infinity''::numeric%''-Infinity''::numeric%') AS guardada
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND a.atttypid IN ('numeric'::regtype, 'double precision'::regtype, 'real'::regtype)
          AND c.relname <> 'itens_venda'
        ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((row) => !row.guardada).map((row) => row.coluna)).toEqual([]);
  });
});
