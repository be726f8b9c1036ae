// The migration runner: a current database gets nothing applied again, and a file changed, renamed or removed
// after it was applied is refused with what to do, instead of leaving the database on the old definitions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { applyMigrations } from '../../supabase/local/db/migrate.ts';
import { createTestDatabase } from '../support/database.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe('migration runner', () => {
  it('applies nothing to a current database, and refuses one whose applied file has changed since', async () => {
    expect(await applyMigrations(db)).toEqual([]);
    await db.query(
      `UPDATE _stack.schema_migrations SET sha256 = 'outra versão' WHERE name = 'migrations/0003_sales_items_and_derived_counters.sql'`,
    );
    await expect(applyMigrations(db)).rejects.toThrow(
      'Migração migrations/0003_sales_items_and_derived_counters.sql mudou depois de aplicada neste banco.',
    );
  });

  it('refuses a database that applied a file which no longer exists (renamed or removed since)', async () => {
    const other = await createTestDatabase();
    try {
      await other.query(
        `INSERT INTO _stack.schema_migrations (name, sha256) VALUES ('migrations/0004_admin_support_sessions.sql', 'antiga')`,
      );
      await expect(applyMigrations(other)).rejects.toThrow(
        'Migração migrations/0004_admin_support_sessions.sql foi aplicada neste banco e não existe mais.',
      );
    } finally {
      await other.close();
    }
  });
});
