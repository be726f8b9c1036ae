// One migrated database per test file, cheaply: the global setup migrates a template once per run (a PGlite
// data-folder dump, or a Postgres template database) and each file starts from a copy of it.
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../supabase/local/db/database.ts';
import { applyMigrations } from '../../supabase/local/db/migrate.ts';

/** Set by tests/support/global-setup.ts. */
export const TEMPLATE_DUMP_ENV = 'CADERNETA_TEST_PGLITE_DUMP';
/** Set by the global setup: names this run's databases, so runs sharing one Postgres never touch each other's. */
export const RUN_ID_ENV = 'CADERNETA_TEST_RUN_ID';
const DATABASE_PREFIX = 'caderneta_test_';

function runId(): string {
  const id = process.env[RUN_ID_ENV];
  if (!id) throw new Error(`${RUN_ID_ENV} ausente: rode os testes pelo vitest (tests/support/global-setup.ts)`);
  return id;
}

/** Prefix of every database this run creates: the template and one copy per test file. */
export function runDatabasePrefix(id: string = runId()): string {
  return `${DATABASE_PREFIX}${id}_`;
}

function templateDatabase(id: string = runId()): string {
  return `${runDatabasePrefix(id)}template`;
}

/** A new id for a test run (lower-case, safe in an identifier). */
export function newRunId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 12);
}

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
    const name = `${runDatabasePrefix()}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
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
export async function buildPostgresTemplate(serverUrl: string, id: string): Promise<void> {
  const template = templateDatabase(id);
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  const db = await openPostgres(databaseUrlFor(serverUrl, template));
  try {
    await applyMigrations(db);
  } finally {
    await db.close();
  }
}

/** Drops every database of run `id` (for the global teardown). */
export async function dropTestDatabases(serverUrl: string, id: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [runDatabasePrefix(id)],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
