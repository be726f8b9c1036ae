// The pull's horizon on Postgres (docs/sync.md §2): a row another transaction commits while a pull is answering is
// never passed by the checkpoint. The pull reads with a snapshot taken before it looks at the transactions in flight;
// one that commits in between is in neither, so the server must notice and answer "ask again" rather than hand over
// a later row whose checkpoint would skip the one it could not see. Only this database's transactions count: one in
// flight in another database on the same server never holds the pulls here back.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/db/database.ts';
import { createTestDatabase, testPostgresUrl } from '../support/database.ts';
import { asActor, createUser, owner } from './helpers.ts';

interface PullAnswer {
  documents: { id: string; _modified: string }[];
  checkpoint: { modified: string; id: string } | null;
  horizon: string | null;
  more: boolean;
}

const START = { modified: '2000-01-01T00:00:00Z', id: '00000000-0000-0000-0000-000000000000' };

async function pullIn(tx: Queryable, after: { modified: string; id: string }): Promise<PullAnswer> {
  const { rows } = await tx.query<{ answer: PullAnswer }>(`SELECT public.replicate_pull('fornecedores', $1, $2, 500) AS answer`, [
    after.modified,
    after.id,
  ]);
  const [row] = rows;
  if (!row) throw new Error('replicate_pull answered nothing');
  return row.answer;
}

/** Opens a transaction and runs `work` in it, the transaction staying open until `release` is called. */
function heldTransaction(db: Database, userId: string, work: (tx: Queryable) => Promise<void>) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = asActor(db, owner(userId), async (tx) => {
    await work(tx);
    started();
    await released;
  });
  return { ready, release, done };
}

describe.runIf(testPostgresUrl())('the pull horizon (Postgres)', () => {
  let db: Database;
  let userId: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    userId = await createUser(db);
    // Premium: a free owner's writes queue behind one another (its one-device rule), and these two must overlap.
    await db.query(`UPDATE public.users SET plano = 'premium' WHERE id = $1`, [userId]);
  });
  afterAll(async () => {
    await db.close();
  });

  it('a row committed while a pull answers is pulled later, never passed', async () => {
    const early = randomUUID();
    const late = randomUUID();
    // A write in flight stamps its row first; another write stamps later and commits before it.
    const slow = heldTransaction(db, userId, async (tx) => {
      await tx.query(`INSERT INTO fornecedores (id, nome) VALUES ($1, 'Atacadão')`, [early]);
    });
    await slow.ready;
    await asActor(db, owner(userId), (tx) =>
      tx.query(`INSERT INTO fornecedores (id, nome) VALUES ($1, 'Distribuidora Bom Preço')`, [late]),
    );

    // The pull's snapshot is taken while the first write is in flight; that write commits before the pull looks at
    // the transactions in flight (a repeatable-read transaction holds the snapshot open across the commit, the gap
    // a busy server leaves between the statement's snapshot and the function's first look).
    const first = await db.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
      await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ role: 'authenticated', sub: userId, app_metadata: { provider: 'email' } }),
      ]);
      await tx.exec('SET LOCAL ROLE authenticated');
      slow.release();
      await slow.done;
      return pullIn(tx, START);
    });

    // The device follows the checkpoints as it does, asking again while the server says more may come.
    const pulled = new Set(first.documents.map((document) => document.id));
    let after = first.checkpoint ?? START;
    let more = first.more || first.documents.length > 0;
    for (let round = 0; more && round < 20; round++) {
      const page = await asActor(db, owner(userId), (tx) => pullIn(tx, after));
      for (const document of page.documents) pulled.add(document.id);
      after = page.checkpoint ?? after;
      more = page.more || page.documents.length > 0;
    }
    expect([...pulled].sort()).toEqual([early, late].sort());
  });

  it('a transaction in flight in another database on the server holds nothing back', async () => {
    const other = await createTestDatabase();
    try {
      const otherUser = await createUser(other);
      let otherStart = '';
      const elsewhere = heldTransaction(other, otherUser, async (tx) => {
        const { rows } = await tx.query<{ started: string }>(
          `SELECT pg_catalog.txid_current() AS xid, pg_catalog.transaction_timestamp()::text AS started`,
        );
        otherStart = rows[0]?.started ?? '';
      });
      await elsewhere.ready;
      const { rows } = await db.query<{ later: boolean }>(`SELECT public.replication_horizon() > $1::timestamptz AS later`, [
        otherStart,
      ]);
      elsewhere.release();
      await elsewhere.done;
      expect(otherStart).not.toBe('');
      expect(rows[0]?.later).toBe(true);
    } finally {
      await other.close();
    }
  });
});
