// Row-level security that asks whether the reader is an admin asks it once per statement: `(SELECT
// public.is_admin())`, never `public.is_admin()` on its own, which Postgres evaluates again for every row it looks at
// (the admin log's first page over 100,000 entries took 4.8 s that way; `npm run bench -- admin`). What each policy
// lets through is tested with the tables it guards (tests/stack/admin-*.test.ts, rls tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';

describe('admin policies', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('ask whether the reader is an admin once per statement', async () => {
    const { rows } = await db.query<{ name: string; qual: string | null; with_check: string | null }>(
      `SELECT schemaname || '.' || tablename || ' ' || policyname AS name, qual, with_check
         FROM pg_policies WHERE schemaname IN ('public', 'storage')`,
    );
    const asking = rows.filter((row) => `${row.qual ?? ''} ${row.with_check ?? ''}`.includes('is_admin()'));
    // The admin tables, the owners' tables an admin reads, and the product images an admin deletes.
    expect(asking.length).toBeGreaterThan(20);
    for (const row of asking) {
      for (const expression of [row.qual, row.with_check]) {
        const calls = expression?.match(/is_admin\(\)/g)?.length ?? 0;
        const once = expression?.match(/SELECT (public\.)?is_admin\(\)/g)?.length ?? 0;
        expect(once, `${row.name}: ${expression ?? ''}`).toBe(calls);
      }
    }
  });
});
