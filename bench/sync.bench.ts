// Sync figures: pushing 10,000 pending sales (with items) with our replication against RxDB's stock
// replication-supabase plugin, device-to-device latency (write on A → in B's database), and product search
// over 10,000 products in the worker against an RxDB regex query.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { replicateSupabase } from 'rxdb/plugins/replication-supabase';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import WebSocket from 'ws';
import { collectionSchemas } from '../schemas/index.ts';
import { openLocalDatabase } from '../workers/db/local-database.ts';
import { followProductSearch } from '../workers/products/search-index.ts';
import { startTestStack, type TestStack } from '../tests/support/stack.ts';
import { newOwner, openDevice, type Device, type Owner } from '../tests/sync/support/devices.ts';
import { applyMigrations } from '../supabase/local/db/migrate.ts';
import { benchEngines } from './engines.ts';
import type { BenchFigure } from './figures.ts';

const SALES = 10_000;
const LATENCY_SAMPLES = 60;
const PRODUCTS = 10_000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function until(check: () => Promise<boolean>, intervalMs = 20, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timeout');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function saleDoc(userId: string, productId: string, i: number) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    data: now.slice(0, 10),
    total: 10,
    tipo: 'avista',
    hlc: `${Date.now().toString(36).padStart(11, '0')}:${i.toString(36).padStart(5, '0')}:bench`,
    itens: [
      { produto_id: productId, quantidade: 1, preco_unitario: 5, preco_total: 5, nome_produto: 'Arroz', unidade_produto: 'un' },
      { produto_id: productId, quantidade: 1, preco_unitario: 5, preco_total: 5, nome_produto: 'Arroz', unidade_produto: 'un' },
    ],
    created_at: now,
    updated_at: now,
  };
}

/**
 * Ours: a device writes 10,000 sales offline, then goes online; the clock runs until nothing is pending.
 * Like the baseline, no Realtime subscriber is listening (on PGlite the stack's Realtime checks each change
 * on the one connection the pushes also need, which would measure the stack rather than the push).
 */
async function pushOurs(stack: TestStack, owner: Owner): Promise<number> {
  const device = await openDevice(stack, owner, { name: 'bench-push', online: false, batchSize: 1000, realtime: false });
  try {
    const product = await device.api.products.create({ nome: 'Arroz', preco: 5, estoque: 100_000 });
    for (let i = 0; i < SALES; i++)
      await device.api.sales.register({
        itens: [
          { produto_id: product, quantidade: 1 },
          { produto_id: product, quantidade: 1 },
        ],
      });
    await until(async () => (await device.status()).pending === SALES + 2);
    const started = performance.now();
    await device.setOnline(true);
    await until(async () => (await device.status()).pending === 0, 10);
    return performance.now() - started;
  } finally {
    await device.close();
  }
}

/** Baseline: the stock plugin pushing the same sales (one HTTP request per document). */
async function pushBaseline(stack: TestStack, owner: Owner): Promise<number> {
  // The plugin's collection mirrors the table: no device-only revision field.
  const properties = Object.fromEntries(
    Object.entries(collectionSchemas.vendas.properties).filter(([field]) => field !== 'server_modified'),
  );
  const schema = { ...collectionSchemas.vendas, properties, indexes: [] } as unknown as RxJsonSchema<ReturnType<typeof saleDoc>>;
  const database = await createRxDatabase<{ vendas: RxCollection<ReturnType<typeof saleDoc>> }>({
    name: `baseline-${randomUUID().slice(0, 8)}`,
    storage: getRxStorageMemory(),
  });
  try {
    await database.addCollections({ vendas: { schema } });
    const productId = randomUUID();
    await database.vendas.bulkInsert(Array.from({ length: SALES }, (_, i) => saleDoc(owner.userId, productId, i)));
    const client = createClient(stack.url, stack.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as never },
      global: { headers: { Authorization: `Bearer ${owner.token}` } },
    });
    const started = performance.now();
    const state = replicateSupabase({
      client,
      tableName: 'vendas',
      collection: database.vendas,
      replicationIdentifier: `baseline-${randomUUID()}`,
      live: false,
      push: { batchSize: 100 },
    });
    state.error$.subscribe((error) => {
      console.error('[baseline]', error.message);
    });
    await state.awaitInitialReplication();
    const elapsed = performance.now() - started;
    await state.cancel();
    return elapsed;
  } finally {
    await database.close();
  }
}

async function latency(stack: TestStack, owner: Owner): Promise<number[]> {
  const devices: Device[] = [];
  try {
    const a = await openDevice(stack, owner, { name: 'bench-a' });
    devices.push(a);
    const b = await openDevice(stack, owner, { name: 'bench-b' });
    devices.push(b);
    const product = await a.api.products.create({ nome: 'Feijão', preco: 8, estoque: 1000 });
    await b.waitFor('produtos', product);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const started = performance.now();
      const id = await a.api.sales.register({ itens: [{ produto_id: product, quantidade: 1 }] });
      await b.waitFor('vendas', id);
      samples.push(performance.now() - started);
    }
    return samples.slice(5);
  } finally {
    for (const device of devices) await device.close();
  }
}

async function search(): Promise<{ ours: number[]; regex: number[] }> {
  const userId = randomUUID();
  const database = await openLocalDatabase({
    userId,
    storage: getRxStorageMemory(),
    multiInstance: false,
    namePrefix: `busca-${randomUUID().slice(0, 8)}`,
  });
  try {
    const words = ['Arroz', 'Feijão', 'Açúcar', 'Café', 'Leite', 'Óleo', 'Macarrão', 'Sabão', 'Biscoito', 'Farinha'];
    const brands = ['Camil', 'Kicaldo', 'União', 'Pilão', 'Italac', 'Soya', 'Renata', 'Omo', 'Trakinas', 'Dona Benta'];
    const now = new Date().toISOString();
    await database.produtos.bulkInsert(
      Array.from({ length: PRODUCTS }, (_, i) => ({
        id: randomUUID(),
        user_id: userId,
        nome: `${words[i % 10] ?? ''} ${brands[(i * 7) % 10] ?? ''} ${i}`,
        marca: brands[i % 10] ?? null,
        codigo_barras: String(7891000000000 + i),
        preco: 1 + (i % 50),
        unidade: 'un',
        created_at: now,
        updated_at: now,
      })),
    );
    const index = followProductSearch(database);
    await index.ready;
    const queries = ['feijao', 'CAFÉ', 'pilão 12', '78910000099', 'xyz', 'arroz camil', 'a', 'sab'];
    const ours: number[] = [];
    const regex: number[] = [];
    for (let round = 0; round < 10; round++) {
      for (const query of queries) {
        let started = performance.now();
        index.search(query, 50);
        ours.push(performance.now() - started);
        started = performance.now();
        await database.produtos
          .find({
            // A bound that changes each round keeps RxDB's query cache from answering instead of the storage.
            selector: {
              nome: { $regex: query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' },
              preco: { $gt: -1 - round },
            },
            limit: 50,
            sort: [{ nome: 'asc' }],
          })
          .exec();
        regex.push(performance.now() - started);
      }
    }
    index.close();
    return { ours: ours.slice(queries.length), regex: regex.slice(queries.length) };
  } finally {
    await database.close();
  }
}

async function measureOn(stack: TestStack, label: string): Promise<BenchFigure[]> {
  const ours = await pushOurs(stack, await newOwner(stack));
  const baseline = await pushBaseline(stack, await newOwner(stack));
  const samples = await latency(stack, await newOwner(stack));
  return [
    {
      name: `[${label}] push de ${SALES} vendas pendentes (com itens), nossa replicação (sem assinante Realtime)`,
      value: ours / 1000,
      unit: 's',
      baseline: { name: 'plugin replication-supabase', value: baseline / 1000 },
      target: '≤ 0.1× (10× mais rápido) e < 5 s',
    },
    { name: `[${label}] escrita no aparelho A → visível no worker de B, p50`, value: percentile(samples, 50), unit: 'ms' },
    {
      name: `[${label}] escrita no aparelho A → visível no worker de B, p95`,
      value: percentile(samples, 95),
      unit: 'ms',
      target: '< 150 ms',
    },
  ];
}

export default async function syncBench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const engine of benchEngines()) {
    const { db, close } = await engine.open();
    await applyMigrations(db);
    const stack = await startTestStack({ db });
    try {
      figures.push(...(await measureOn(stack, engine.label)));
    } finally {
      await stack.close();
      await close();
    }
  }
  const searched = await search();
  figures.push({
    name: `busca de produtos em ${PRODUCTS} no worker, p95`,
    value: percentile(searched.ours, 95),
    unit: 'ms',
    baseline: { name: 'consulta RxDB com $regex, p95', value: percentile(searched.regex, 95) },
    target: '< 10 ms',
  });
  return figures;
}
