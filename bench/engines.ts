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
  const serverUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  if (serverUrl) {
    engines.push({
      label: 'Postgres',
      async open() {
        const name = `caderneta_bench_${randomUUID().replaceAll('-', '')}`;
        await admin(serverUrl, `CREATE DATABASE ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const db = await openPostgres(url.toString());
        return {
          db,
          async close() {
            await db.close();
            await dropWhenIdle(serverUrl, name);
          },
        };
      },
    });
  }
  return engines;
}
