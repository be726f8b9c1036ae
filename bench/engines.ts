// The databases the stack benchmarks run on: PGlite in memory always, and Postgres when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a server — in a scratch database created for the run and dropped after it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../supabase/local/db/database.ts';

export interface BenchEngine {
  label: string;
  open(): Promise<{ db: Database; close: () => Promise<void> }>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Drops the scratch database once its connections have gone. Not WITH (FORCE): terminating a connection the
 * pool is still closing makes it emit an 'error' that would crash the run.
 */
async function dropWhenIdle(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A database created on the Postgres server at `serverUrl` for one run: its URL, and `drop` once it is idle. */
export async function scratchPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `caderneta_bench_${randomUUID().replaceAll('-', '')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropWhenIdle(serverUrl, name) };
}

/** The Postgres server the benches may use (BENCH_DATABASE_URL, else TEST_DATABASE_URL), if any. */
export function benchPostgresUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
}

export function benchEngines(env: NodeJS.ProcessEnv = process.env): BenchEngine[] {
  const engines: BenchEngine[] = [
    {
      label: 'PGlite',
      async open() {
        const db = await openPglite();
        return { db, close: () => db.close() };
      },
    },
  ];
  const serverUrl = benchPostgresUrl(env);
  if (serverUrl) {
    engines.push({
      label: 'Postgres',
      async open() {
        const scratch = await scratchPostgres(serverUrl);
        const db = await openPostgres(scratch.url);
        return {
          db,
          async close() {
            await db.close();
            await scratch.drop();
          },
        };
      },
    });
  }
  return engines;
}
