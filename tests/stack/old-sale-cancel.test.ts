// Cancelling a sale older than the window, online (docs/growth.md §6): `cancelar_venda_antiga` with the revision
// the device read gives the items back to stock, takes the fiado sale off the client's balance, and moves the
// bases and the period's report exactly, through the server's own triggers; a stale revision, a sale cancelled
// already or another owner's sale is refused and changes nothing.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let owner: SupabaseClient;
const ownerId = randomUUID();
const produto = randomUUID();
const cliente = randomUUID();
const venda = randomUUID();
const SALE_DAY = '2025-03-10';
const hlcAt = (instant: string) => `${Date.parse(instant).toString(36).padStart(11, '0')}:00000:antigo`;

async function insert(table: string, row: Record<string, unknown>): Promise<void> {
  const { error } = await stack.serviceClient().from(table).insert(row);
  expect(error).toBeNull();
}

/** What the owner sees of the sale's product, client and day: counters, bases and the day's report. */
async function figures() {
  const service = stack.serviceClient();
  const [product, client, bases, report] = await Promise.all([
    service.from('produtos').select('estoque').eq('id', produto).single(),
    service.from('clientes').select('saldo_devedor').eq('id', cliente).single(),
    service.from('bases_contadores').select('tipo, valor').eq('user_id', ownerId).order('tipo'),
    owner.rpc('relatorio_periodo', { p_de: SALE_DAY, p_ate: SALE_DAY }),
  ]);
  const answer = report.data as { dias: { vendas: number; total: number; fiado: number }[]; produtos: { quantidade: number }[] };
  return {
    estoque: Number(product.data?.estoque),
    saldo: Number(client.data?.saldo_devedor),
    bases: (bases.data ?? []).map((base: { tipo: string; valor: number }) => [base.tipo, base.valor]),
    dia: answer.dias.map((day) => ({ vendas: day.vendas, total: day.total, fiado: day.fiado })),
    vendidos: answer.produtos.reduce((sum, product) => sum + product.quantidade, 0),
  };
}

async function revisionRead(): Promise<string> {
  const answer: { data: unknown; error: unknown } = await owner.rpc('vendas_anteriores', { p_antes: '2025-04-01' });
  expect(answer.error).toBeNull();
  const sales = answer.data as { id: string; _modified: string }[];
  const sale = sales.find((found) => found.id === venda);
  if (!sale) throw new Error('the old sale is not listed');
  return sale._modified;
}

beforeAll(async () => {
  stack = await startTestStack();
  owner = stack.client(await stack.mintUserToken(ownerId));
  await insert('produtos', { id: produto, user_id: ownerId, nome: 'Arroz 5kg', preco: 10, unidade: 'un' });
  await insert('historico_estoque', {
    user_id: ownerId,
    produto_id: produto,
    tipo: 'ajuste',
    quantidade: 40,
    hlc: hlcAt('2025-03-01T12:00:00Z'),
  });
  await insert('clientes', { id: cliente, user_id: ownerId, nome: 'Maria Souza', telefone: '11987654321', is_fiado: true });
  await insert('vendas', {
    id: venda,
    user_id: ownerId,
    data: SALE_DAY,
    total: 30,
    tipo: 'fiado',
    cliente_id: cliente,
    hlc: hlcAt(`${SALE_DAY}T15:00:00Z`),
    itens: [
      {
        produto_id: produto,
        quantidade: 3,
        preco_unitario: 10,
        preco_total: 30,
        nome_produto: 'Arroz 5kg',
        unidade_produto: 'un',
      },
    ],
  });
  // The owner's cut: the bases fold the sale, as they do for every sale older than the window.
  const cut = await owner.rpc('avancar_corte');
  expect(cut.error).toBeNull();
}, 60_000);
afterAll(async () => {
  await stack.close();
});

describe('cancelling a sale older than the window', () => {
  it('refuses a stale revision and another owner, then moves stock, balance, bases and report exactly', async () => {
    const before = await figures();
    expect(before).toEqual({
      estoque: 37,
      saldo: 30,
      bases: [
        ['estoque', 37],
        ['saldo', 30],
      ],
      dia: [{ vendas: 1, total: 30, fiado: 30 }],
      vendidos: 3,
    });
    const revision = await revisionRead();

    const stale = await owner.rpc('cancelar_venda_antiga', { p_id: venda, p_revisao: '2025-03-10T15:00:00Z' });
    expect(stale.error?.code).toBe('40001');
    const stranger = stack.client(await stack.mintUserToken(randomUUID()));
    const foreign = await stranger.rpc('cancelar_venda_antiga', { p_id: venda, p_revisao: revision });
    expect(foreign.error?.code).toBe('P0002');
    expect(await figures()).toEqual(before);

    const cancelled = await owner.rpc('cancelar_venda_antiga', { p_id: venda, p_revisao: revision });
    expect(cancelled.error).toBeNull();
    expect(await figures()).toEqual({
      estoque: 40,
      saldo: 0,
      bases: [
        ['estoque', 40],
        ['saldo', 0],
      ],
      dia: [{ vendas: 0, total: 0, fiado: 0 }],
      vendidos: 0,
    });

    // Cancelled already: the same revision is stale now.
    const again = await owner.rpc('cancelar_venda_antiga', { p_id: venda, p_revisao: revision });
    expect(again.error?.code).toBe('40001');
  });
});
