// Brings a database up to date: first what Supabase itself provides (bootstrap/), then our own
// supabase/migrations in file-name order, each file once, in its own transaction, recorded by name and
// content hash. A file changed, renamed or removed after it was applied is refused: that database must be
// reset, not patched.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const BOOTSTRAP_DIR = fileURLToPath(new URL('./bootstrap/', import.meta.url));
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
/** Any constant shared by every process that migrates: serialises concurrent starts on one Postgres. */
const MIGRATION_LOCK = 72_515_001;
const RESET_ADVICE = 'Apague os dados locais (.data/stack) ou recrie o banco de DATABASE_URL e inicie de novo.';

export interface MigrationFile {
  /** Recorded name, e.g. `bootstrap/10_auth.sql` or `migrations/0001_schema.sql`. */
  name: string;
  sql: string;
}

async function sqlFiles(dir: string, prefix: string): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name: `${prefix}/${name}`, sql: await readFile(`${dir}${name}`, 'utf8') })));
}

/** Every file to apply, in order. */
export async function migrationFiles(): Promise<MigrationFile[]> {
  return [...(await sqlFiles(BOOTSTRAP_DIR, 'bootstrap')), ...(await sqlFiles(MIGRATIONS_DIR, 'migrations'))];
}

/** Applies what is missing and returns the names applied now (empty when the database was current). */
export async function applyMigrations(db: Database): Promise<string[]> {
  await db.exec(`
    CREATE SCHEMA IF NOT EXISTS _stack;
    REVOKE ALL ON SCHEMA _stack FROM PUBLIC;
    CREATE TABLE IF NOT EXISTS _stack.schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE _stack.schema_migrations ADD COLUMN IF NOT EXISTS sha256 text;`);
  const files = await migrationFiles();
  const names = new Set(files.map((file) => file.name));
  const { rows: recordedNames } = await db.query<{ name: string }>('SELECT name FROM _stack.schema_migrations ORDER BY name');
  const vanished = recordedNames.find((row) => !names.has(row.name));
  if (vanished) {
    throw new Error(`Migração ${vanished.name} foi aplicada neste banco e não existe mais. ${RESET_ADVICE}`);
  }
  const applied: string[] = [];
  for (const file of files) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const sha256 = createHash('sha256').update(file.sql).digest('hex');
      const { rows } = await tx.query<{ sha256: string | null }>('SELECT sha256 FROM _stack.schema_migrations WHERE name = $1', [
        file.name,
      ]);
      const recorded = rows[0];
      if (recorded) {
        if (recorded.sha256 === sha256) return false;
        throw new Error(`Migração ${file.name} mudou depois de aplicada neste banco. ${RESET_ADVICE}`);
      }
      try {
        await tx.exec(file.sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migração ${file.name} falhou: ${reason}`, { cause: error });
      }
      await tx.query('INSERT INTO _stack.schema_migrations (name, sha256) VALUES ($1, $2)', [file.name, sha256]);
      return true;
    });
    if (ran) applied.push(file.name);
  }
  return applied;
}
