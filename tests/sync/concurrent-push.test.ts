// Devices coming back online together push at the same moment, touching the same products and clients in
// different orders: every document is accepted (none refused because two pushes waited on each other), and
// the counters come out exact. On Postgres the pushes really run side by side; PGlite runs them in turn.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_LIMITS } from '../../workers/sync/replication.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { newOwner, serverRows, type Owner } from './support/devices.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

type Row = Record<string, unknown>;
interface PushAnswer {
  conflicts: Row[];
  rejected: { id: string; code: string; message: string }[];
}

const SALES_PER_PUSH = DEFAULT_PUSH_LIMITS.maxDocuments;
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack.close();
});

let clock = 0;
/** A device-format HLC, unique and increasing. */
const nextHlc = (node: string) => `${(1_800_000_000_000 + clock++).toString(36).padStart(11, '0')}:00000:${node}`;

function sale(userId: string, products: readonly string[], clienteId: string | null, node: string): Row {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    data: now.slice(0, 10),
    total: products.length,
    tipo: clienteId ? 'fiado' : 'avista',
    cliente_id: clienteId,
    hlc: nextHlc(node),
    itens: products.map((produto_id) => ({
      produto_id,
      quantidade: 1,
      preco_unitario: 1,
      preco_total: 1,
      nome_produto: 'Arroz',
      unidade_produto: 'un',
    })),
    created_at: now,
    updated_at: now,
  };
}

async function push(client: SupabaseClient, table: string, rows: { doc: Row; assumed_modified: unknown }[]): Promise<PushAnswer> {
  const result: { data: unknown; error: Error | null } = await client.rpc('replicate_push', { p_table: table, p_rows: rows });
  if (result.error) throw new Error(`push ${table}: ${result.error.message}`);
  return result.data as PushAnswer;
}
const fresh = (docs: Row[]) => docs.map((doc) => ({ doc, assumed_modified: null }));

describe('pushes running side by side', () => {
  it('accept every document and keep stock and balances exact', { timeout: 120_000 }, async () => {
    const owner: Owner = await newOwner(stack);
    const devices = [owner.client, stack.client(owner.token), stack.client(owner.token)] as const;
    const now = new Date().toISOString();
    const products = Array.from({ length: 4 }, (_, index) => ({
      id: randomUUID(),
      user_id: owner.userId,
      nome: `Produto ${index}`,
      preco: 1,
      unidade: 'un',
      created_at: now,
      updated_at: now,
    }));
    const clients = Array.from({ length: 2 }, (_, index) => ({
      id: randomUUID(),
      user_id: owner.userId,
      nome: `Cliente ${index}`,
      created_at: now,
      updated_at: now,
    }));
    expect((await push(owner.client, 'produtos', fresh(products))).rejected).toEqual([]);
    expect((await push(owner.client, 'clientes', fresh(clients))).rejected).toEqual([]);
    const ids = products.map((product) => product.id);
    const reversed = [...ids].reverse();
    const [clientA, clientB] = clients.map((client) => client.id) as [string, string];

    const answers: PushAnswer[] = [];
    for (let round = 0; round < 4; round++) {
      // New sales in opposite product orders (a push batch's most: 9002_replication_push_cap.sql), stock entries,
      // ledger entries, and cancellations of earlier sales (the row-by-row path), all at once.
      const salesA = Array.from({ length: SALES_PER_PUSH }, (_, i) =>
        sale(owner.userId, i % 2 ? ids : [ids[i % 4] as string], clientA, 'a'),
      );
      const salesB = Array.from({ length: SALES_PER_PUSH }, (_, i) =>
        sale(owner.userId, i % 2 ? reversed : [reversed[i % 4] as string], i % 3 ? clientB : clientA, 'b'),
      );
      const entries = reversed.map((produto_id) => ({
        id: randomUUID(),
        user_id: owner.userId,
        produto_id,
        tipo: 'entrada',
        quantidade: 500,
        hlc: nextHlc('c'),
        created_at: now,
        updated_at: now,
      }));
      const ledger = [clientB, clientA].map((cliente_id) => ({
        id: randomUUID(),
        user_id: owner.userId,
        cliente_id,
        tipo: 'debito',
        valor: 3,
        created_at: now,
        updated_at: now,
      }));
      const live = (await serverRows(owner, 'vendas')).filter((row) => row._deleted !== true).slice(0, 40);
      const cancellations = live.map((row) => ({
        doc: { ...row, _deleted: true, _modified: undefined },
        assumed_modified: row._modified,
      }));
      answers.push(
        ...(await Promise.all([
          push(devices[0], 'vendas', fresh(salesA)),
          push(devices[1], 'vendas', fresh(salesB)),
          push(devices[2], 'historico_estoque', fresh(entries)),
          push(devices[2], 'fiado_lancamentos', fresh(ledger)),
          push(devices[0], 'vendas', cancellations.slice(0, 20)),
          push(devices[1], 'vendas', cancellations.slice(20).reverse()),
        ])),
      );
    }
    expect(answers.flatMap((answer) => answer.rejected)).toEqual([]);
    expect(answers.flatMap((answer) => answer.conflicts)).toEqual([]);

    const stock = await expectedStock(owner);
    for (const row of await serverRows(owner, 'produtos'))
      expect(Number(row.estoque), String(row.nome)).toBe(stock.get(String(row.id)));
    const balances = await expectedBalances(owner);
    for (const row of await serverRows(owner, 'clientes'))
      expect(Number(row.saldo_devedor), String(row.nome)).toBe(balances.get(String(row.id)));
    expect((await serverRows(owner, 'vendas')).length).toBe(4 * 2 * SALES_PER_PUSH);
  });
});
