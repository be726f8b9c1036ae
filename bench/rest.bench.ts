// REST gateway throughput and bulk-insert cost, each against the same work sent straight to the database.
import type { Database } from '../supabase/local/db/database.ts';
import { startStack } from '../supabase/local/stack.ts';
import type { BenchFigure } from './figures.ts';
import { benchEngines } from './engines.ts';
import { loadFromThread } from './http-load.ts';

const SELECT_REQUESTS = 2000;
const CONCURRENCY = 8;
const BULK_ROWS = 1000;
const BULK_RUNS = 5;

const TABLE = `
CREATE TABLE IF NOT EXISTS bench_rest_itens (
  id bigserial PRIMARY KEY, nome text NOT NULL, preco numeric(12,2) NOT NULL, estoque int NOT NULL DEFAULT 0,
  criado timestamptz NOT NULL DEFAULT now());
GRANT ALL ON bench_rest_itens TO anon, authenticated, service_role;
GRANT ALL ON SEQUENCE bench_rest_itens_id_seq TO anon, authenticated, service_role;`;

const SELECT_SQL = `SELECT coalesce(json_agg(_r), '[]'::json)::text AS body FROM (
  SELECT id, nome, preco FROM bench_rest_itens ORDER BY id LIMIT 20) _r`;

interface Target {
  url: string;
  key: string;
  db: Database;
}

async function concurrently(total: number, workers: number, task: () => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) {
        next += 1;
        await task();
      }
    }),
  );
  return performance.now() - started;
}

function rows(count: number, run: number): { nome: string; preco: number; estoque: number }[] {
  return Array.from({ length: count }, (_, index) => ({ nome: `item ${run}-${index}`, preco: (index % 500) + 0.99, estoque: index % 40 }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function measure(target: Target): Promise<BenchFigure[]> {
  await target.db.exec(TABLE);
  await target.db.query(`INSERT INTO bench_rest_itens (nome, preco, estoque) SELECT 'semente ' || i, i, i FROM generate_series(1, 200) i`);
  const headers = { apikey: target.key, authorization: `Bearer ${target.key}` };
  const selectUrl = `${target.url}/rest/v1/bench_rest_itens?select=id,nome,preco&order=id&limit=20`;
  // The HTTP client runs in its own thread: the figure is the stack's cost, not fetch's.
  const restMs = await loadFromThread({ url: selectUrl, headers, total: SELECT_REQUESTS, concurrency: CONCURRENCY, warmup: 100 });
  const direct = async () => {
    await target.db.query(SELECT_SQL);
  };
  await concurrently(100, CONCURRENCY, direct);
  const directMs = await concurrently(SELECT_REQUESTS, CONCURRENCY, direct);

  const restRuns: number[] = [];
  const directRuns: number[] = [];
  for (let run = 0; run <= BULK_RUNS; run += 1) {
    const body = JSON.stringify(rows(BULK_ROWS, run));
    const started = performance.now();
    const response = await fetch(`${target.url}/rest/v1/bench_rest_itens?columns=nome,preco,estoque`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    if (response.status !== 201) throw new Error(`REST insert answered ${response.status}: ${await response.text()}`);
    const restTime = performance.now() - started;

    const batch = rows(BULK_ROWS, run + 100);
    const values = batch.map((_, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3})`).join(', ');
    const params = batch.flatMap((row) => [row.nome, row.preco, row.estoque]);
    const directStarted = performance.now();
    await target.db.query(`INSERT INTO bench_rest_itens (nome, preco, estoque) VALUES ${values}`, params);
    const directTime = performance.now() - directStarted;
    // The first round warms both paths up and is not counted.
    if (run > 0) {
      restRuns.push(restTime);
      directRuns.push(directTime);
    }
  }

  return [
    {
      name: `REST select de 20 linhas (${SELECT_REQUESTS} requisições, ${CONCURRENCY} em paralelo)`,
      value: (SELECT_REQUESTS / restMs) * 1000,
      unit: 'req/s',
      baseline: { name: 'mesma consulta direto no banco', value: (SELECT_REQUESTS / directMs) * 1000 },
    },
    {
      name: `REST insert em lote de ${BULK_ROWS} linhas (mediana de ${BULK_RUNS})`,
      value: median(restRuns),
      unit: 'ms',
      baseline: { name: 'INSERT … VALUES direto com cliente Postgres', value: median(directRuns) },
      target: 'até 3× o tempo direto',
    },
  ];
}

export default async function (): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const engine of benchEngines()) {
    const { db, close } = await engine.open();
    const stack = await startStack({ port: 0, dataDir: undefined }, { db });
    try {
      const measured = await measure({ url: stack.url, key: stack.serviceRoleKey, db });
      figures.push(...measured.map((figure) => ({ ...figure, name: `[${engine.label}] ${figure.name}` })));
    } finally {
      await stack.close();
      await close();
    }
  }
  return figures;
}
