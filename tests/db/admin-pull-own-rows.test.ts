// The replication pull returns only the caller's own rows, also for the admin (whom row-level security lets read
// every owner's rows for support): on every replicated table, from the start and windowed, his pull holds none of
// an owner's rows and all of his own; the owner's pull is unchanged.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase } from '../support/database.ts';
import { REPLICATED_TABLES, appVersionOf, asActor, createUser, owner, sampleRow, type Actor } from './helpers.ts';

let db: Database;
let ownerId: string;
let adminId: string;
let admin: Actor;
beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = await createUser(db);
  adminId = await createUser(db);
  admin = { ...owner(adminId), admin: true };
});
afterAll(async () => {
  await db.close();
});

interface PullAnswer {
  documents: { id: string; user_id: string }[];
  /** Rows stamped at or past the pull's horizon exist (a row written the same instant): pull again. */
  more: boolean;
}

/** The caller's pull of `table` from the start, once no row the pull keeps is left past its horizon. */
async function pull(actor: Actor, table: string, desde: string | null): Promise<PullAnswer> {
  for (;;) {
    const { rows } = await asActor(db, actor, (tx) =>
      tx.query<{ answer: PullAnswer }>(`SELECT public.replicate_pull($1, NULL, NULL, 5000, $2::date, $3) AS answer`, [
        table,
        desde,
        appVersionOf(table),
      ]),
    );
    const answer = rows[0]?.answer;
    if (!answer) throw new Error('replicate_pull answered nothing');
    if (!answer.more) return answer;
  }
}

/** Writes a row of `table` for `userId` with the service role, as her device's push would have. */
async function rowOf(table: string, userId: string): Promise<string> {
  const id = randomUUID();
  const { row } = sampleRow(table as (typeof REPLICATED_TABLES)[number]);
  const doc: Record<string, unknown> = { id, user_id: userId, ...row };
  const columns = Object.keys(doc);
  await db.query(
    `INSERT INTO public.${table} (${columns.join(', ')})
     SELECT ${columns.map((column) => `r.${column}`).join(', ')}
       FROM jsonb_populate_record(NULL::public.${table}, $1::jsonb) r`,
    [JSON.stringify(doc)],
  );
  return id;
}

describe.each(REPLICATED_TABLES)('pulling %s', (table) => {
  it('gives the admin his own rows and none of an owner’s; the owner hers', async () => {
    const ownersId = await rowOf(table, ownerId);
    const adminsId = await rowOf(table, adminId);
    for (const desde of [null, '2000-01-01']) {
      const adminIds = (await pull(admin, table, desde)).documents.map((doc) => doc.id);
      expect(adminIds, `admin, desde ${desde}`).toContain(adminsId);
      expect(adminIds, `admin, desde ${desde}`).not.toContain(ownersId);
      const ownerIds = (await pull(owner(ownerId), table, desde)).documents.map((doc) => doc.id);
      expect(ownerIds, `owner, desde ${desde}`).toContain(ownersId);
      expect(ownerIds, `owner, desde ${desde}`).not.toContain(adminsId);
    }
  });
});
