// The growth seeder on a small shop: every row it writes is one the app's schemas accept (pulled as the owner
// through replicate_pull and stored in a device database that validates each document), the stored counters equal
// the server's derivation and the device's fold of the same facts, nothing goes below zero, and the same seed
// writes the same shop.
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import type { DemoAccount } from '../../supabase/seed/accounts.ts';
import { seedGrowthOwner, type GrowthCounts, type GrowthShape } from '../../supabase/seed/growth.ts';
import { collectionNames, collectionSchemas, type CollectionName } from '../../schemas/index.ts';
import { openLocalDatabase, type LocalDatabase } from '../../workers/db/local-database.ts';
import { followCounters } from '../../workers/ledger/live-counters.ts';
import { parseHlc } from '../../workers/sync/hlc.ts';
import { fromServerRow } from '../../workers/sync/replication.ts';
import { createTestDatabase } from '../support/database.ts';
import { asActor } from './helpers.ts';

const NOW = new Date('2026-11-20T15:30:00Z');
/** More products and clients than the demo catalogue names, so variants and recombined names are written too. */
const SHAPE: GrowthShape = { sales: 2_000, days: 120, products: 200, clients: 60 };
const SEED = 7;
const PAGE = 1_000;

const owner = (n: number): DemoAccount => ({
  id: `6a0e0000-0000-4000-8000-00000000000${n}`,
  email: `crescimento-${n}@caderneta.test`,
  password: 'caderneta123',
  nome: `Dona ${n}`,
  nome_mercado: `Mercadinho ${n}`,
  telefone: '81988887777',
  role: 'owner',
});
const [first, twin] = [owner(1), owner(2)];

let db: Database;
let counts: GrowthCounts | null;
let device: LocalDatabase;

/** Every row of `table` the owner pulls, page by page, as the device's replication asks for them. */
async function pullAll(userId: string, table: CollectionName): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let after: { modified: unknown; id: unknown } | null = null;
  for (;;) {
    const page = await asActor(db, { role: 'authenticated', sub: userId }, (tx) =>
      tx.query<{ answer: { documents: Record<string, unknown>[] } }>(
        'SELECT public.replicate_pull($1, $2::timestamptz, $3::uuid, $4, p_versao => $5) AS answer',
        [table, after?.modified ?? null, after?.id ?? null, PAGE, collectionSchemas[table].version],
      ),
    );
    const documents = page.rows[0]?.answer.documents ?? [];
    rows.push(...documents);
    const last = documents.at(-1);
    if (!last || documents.length < PAGE) return rows;
    after = { modified: last._modified, id: last.id };
  }
}

/** The shop without its ids: what the seed decides, with rows referring to one another by name. */
async function fingerprint(userId: string): Promise<Record<string, unknown[]>> {
  const column = async (sql: string) => (await db.query<{ line: string }>(sql, [userId])).rows.map((row) => row.line);
  return {
    products: await column(
      `SELECT concat_ws('|', nome, descricao, preco, preco_compra, estoque, estoque_minimo, codigo_barras, categoria, marca, unidade,
                        local, created_at) AS line FROM public.produtos WHERE user_id = $1 ORDER BY nome, created_at`,
    ),
    clients: await column(
      `SELECT concat_ws('|', nome, telefone, is_fiado, observacoes, saldo_devedor, created_at) AS line
         FROM public.clientes WHERE user_id = $1 ORDER BY created_at, nome`,
    ),
    sales: await column(
      `SELECT concat_ws('|', v.hlc, v.data, v.total, v.tipo, v.forma_pagamento, v.forma_pagamento_descricao, c.nome, v.created_at,
                        (SELECT string_agg(concat_ws(',', i.value ->> 'nome_produto', i.value ->> 'quantidade', i.value ->> 'preco_unitario',
                                                     i.value ->> 'preco_total'), ';' ORDER BY i.ordinality)
                           FROM jsonb_array_elements(v.itens) WITH ORDINALITY i)) AS line
         FROM public.vendas v LEFT JOIN public.clientes c ON c.id = v.cliente_id WHERE v.user_id = $1 ORDER BY v.hlc`,
    ),
    stock: await column(
      `SELECT concat_ws('|', h.hlc, p.nome, h.tipo, h.quantidade, h.observacao) AS line
         FROM public.historico_estoque h JOIN public.produtos p ON p.id = h.produto_id WHERE h.user_id = $1 ORDER BY h.hlc, p.nome`,
    ),
    ledger: await column(
      `SELECT concat_ws('|', l.created_at, c.nome, l.tipo, l.valor, l.data, l.descricao) AS line
         FROM public.fiado_lancamentos l JOIN public.clientes c ON c.id = l.cliente_id WHERE l.user_id = $1 ORDER BY l.created_at, c.nome`,
    ),
    expenses: await column(
      `SELECT concat_ws('|', d.data, d.descricao, d.valor, k.nome) AS line
         FROM public.despesas d LEFT JOIN public.despesa_categorias k ON k.id = d.categoria_id WHERE d.user_id = $1
        ORDER BY d.created_at, d.descricao`,
    ),
    notifications: await column(
      `SELECT concat_ws('|', tipo, mensagem, lido) AS line FROM public.notificacoes WHERE user_id = $1 ORDER BY tipo, mensagem`,
    ),
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  counts = (await seedGrowthOwner(db, first, SHAPE, { now: NOW, seed: SEED })).counts;
  device = await openLocalDatabase({
    userId: first.id,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: 'crescimento',
  });
});

afterAll(async () => {
  await device.close();
  await db.close();
});

describe('growth seeder', () => {
  it('writes the shape asked for: the sales over the days up to now, with their items kept by the server', async () => {
    expect(counts).toMatchObject({ products: SHAPE.products, clients: SHAPE.clients, sales: SHAPE.sales });
    expect(counts?.stockFacts).toBeGreaterThan(SHAPE.products);
    expect(counts?.ledgerEntries).toBeGreaterThan(0);
    expect(counts?.expenses).toBeGreaterThan(0);
    const span = await db.query<{ primeiro: string; ultimo: string; depois: number; itens_errados: number }>(
      `SELECT min(data)::text AS primeiro, max(data)::text AS ultimo, count(*) FILTER (WHERE created_at > $2)::int AS depois,
              count(*) FILTER (WHERE jsonb_array_length(itens) <> (SELECT count(*) FROM itens_venda i WHERE i.venda_id = v.id)
                                  OR total <> (SELECT sum(i.preco_total) FROM itens_venda i WHERE i.venda_id = v.id))::int AS itens_errados
         FROM vendas v WHERE user_id = $1`,
      [first.id, NOW.toISOString()],
    );
    expect(span.rows[0]).toEqual({ primeiro: '2026-07-24', ultimo: '2026-11-20', depois: 0, itens_errados: 0 });
    // A sale's HLC is stamped at its instant, as a device stamps it.
    const stamps = await db.query<{ hlc: string; ms: string }>(
      'SELECT hlc, (extract(epoch FROM created_at) * 1000)::bigint AS ms FROM vendas WHERE user_id = $1',
      [first.id],
    );
    expect(stamps.rows.filter((sale) => parseHlc(sale.hlc).physical !== Number(sale.ms))).toEqual([]);
  });

  it('keeps every stored counter equal to the derivation from the facts, and none below zero', async () => {
    const { rows } = await db.query<{ errados: number; negativos: number; saldos_errados: number; saldos_negativos: number }>(
      `SELECT (SELECT count(*) FILTER (WHERE estoque <> public.estoque_derivado(id, user_id))::int FROM produtos WHERE user_id = $1) AS errados,
              (SELECT count(*) FILTER (WHERE estoque < 0)::int FROM produtos WHERE user_id = $1) AS negativos,
              (SELECT count(*) FILTER (WHERE saldo_devedor <> public.saldo_derivado(id, user_id))::int FROM clientes WHERE user_id = $1)
                AS saldos_errados,
              (SELECT count(*) FILTER (WHERE saldo_devedor < 0)::int FROM clientes WHERE user_id = $1) AS saldos_negativos`,
      [first.id],
    );
    expect(rows[0]).toEqual({ errados: 0, negativos: 0, saldos_errados: 0, saldos_negativos: 0 });
  });

  it("writes rows the device's schemas accept, whose fold on the device gives the server's stock and balances", async () => {
    for (const name of collectionNames) {
      const rows = await pullAll(first.id, name);
      const documents = rows.map((row) => fromServerRow<Record<string, unknown>>(row, collectionSchemas[name]));
      const result = await device.collections[name].bulkInsert(documents as never[]);
      expect(result.error, `${name}: ${JSON.stringify(result.error[0])}`).toEqual([]);
    }
    expect(await device.vendas.count().exec()).toBe(SHAPE.sales);

    const counters = followCounters(device);
    await counters.ready;
    const products = await device.produtos.find().exec();
    const clients = await device.clientes.find().exec();
    expect(products.filter((product) => counters.stockOf(product.id) !== product.estoque)).toEqual([]);
    expect(clients.filter((client) => counters.balanceOf(client.id) !== client.saldo_devedor)).toEqual([]);
    await counters.close();
  });

  it('writes the same shop for the same seed, whoever the owner', async () => {
    await seedGrowthOwner(db, twin, SHAPE, { now: NOW, seed: SEED });
    expect(await fingerprint(twin.id)).toEqual(await fingerprint(first.id));
  });
});
