// One migrated database per test file, cheaply: the global setup migrates a template once per run (a PGlite
// data-folder dump, or a Postgres template database) and each file starts from a copy of it.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db/database.ts';
import { applyMigrations } from '../../supabase/local/db/migrate.ts';

/** Set by tests/support/global-setup.ts. */
export const TEMPLATE_DUMP_ENV = 'CADERNETA_TEST_PGLITE_DUMP';
export const TEMPLATE_DATABASE = 'caderneta_test_template';
export const TEST_DATABASE_PREFIX = 'caderneta_test_';

/** The Postgres server of this run, when the suite runs on Postgres instead of PGlite. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, fully migrated database of the engine this run uses. */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = testPostgresUrl();
  if (serverUrl) {
    const name = `${TEST_DATABASE_PREFIX}${randomUUID().replaceAll('-', '')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    const db = await openPostgres(databaseUrlFor(serverUrl, name));
    const close = db.close.bind(db);
    return {
      ...db,
      async close() {
        await close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dumpPath = process.env[TEMPLATE_DUMP_ENV];
  if (!dumpPath) {
    // Outside the configured runner (a single file run by hand): migrate from scratch.
    const db = await openPglite();
    await applyMigrations(db);
    return db;
  }
  const dump = new Blob([await readFile(dumpPath)]);
  return openPglite({ loadDataDir: dump });
}

/** Migrates a PGlite database once and returns its data folder as a tarball (for the global setup). */
export async function buildPgliteTemplate(): Promise<Uint8Array> {
  const db = await openPglite();
  try {
    await applyMigrations(db);
    return new Uint8Array(await (await db.dumpDataDir()).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Creates the Postgres template database of this run, migrated (for the global setup). */
export async function buildPostgresTemplate(serverUrl: string): Promise<void> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const db = await openPostgres(databaseUrlFor(serverUrl, TEMPLATE_DATABASE));
  try {
    await applyMigrations(db);
  } finally {
    await db.close();
  }
}

/** Drops every database a run left behind (for the global teardown). */
export async function dropTestDatabases(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEST_DATABASE_PREFIX}%'`,
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
