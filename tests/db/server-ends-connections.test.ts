// On Postgres, connections the server ends (a restart, an administrator, DROP DATABASE … WITH (FORCE)) never crash
// the stack's process: every pool and held connection hears the error, and the next query opens a new connection.
// The pool that cancels statements (opened by the first request that hangs up) included, and a listener listens again.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../supabase/local/db/database.ts';
import { createTestDatabase, testPostgresUrl } from '../support/database.ts';

describe.runIf(testPostgresUrl())('connections the server ends (Postgres)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  /** Ends every other connection to this database, as `pg_terminate_backend` from an administrator does. */
  async function terminateOthers(): Promise<number> {
    const { rows } = await db.query<{ name: string }>(`SELECT current_database() AS name`);
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    try {
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
        [rows[0]?.name],
      );
      return ended.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('a cancelled statement, a listener and idle connections ended by the server: warned, and the next query works', async () => {
    // A statement cancelled by its caller hanging up: the cancel goes through a pool of its own.
    const hangUp = new AbortController();
    const slow = db.transaction(async (tx) => tx.query('SELECT pg_sleep(5)'), { signal: hangUp.signal });
    setTimeout(() => {
      hangUp.abort();
    }, 200);
    await expect(slow).rejects.toThrow();
    const stopListening = await db.listen('fim_da_conexao', () => undefined);

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
    try {
      // The main pool's idle connections, the cancel pool's and the listener's: each one ended is heard before the
      // next query, or that query could take an ended connection the pool has not yet discarded.
      const ended = await terminateOthers();
      expect(ended).toBeGreaterThanOrEqual(3);
      await expect
        .poll(() => warnings.filter((line) => line.includes('encerrada pelo servidor')).length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(ended);
    } finally {
      console.warn = warn;
    }
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0]?.one).toBe(1);
    await stopListening();
  });

  it('a listener whose connection the server ended listens again, and asks for a fresh look at what it missed', async () => {
    const heard: string[] = [];
    const stopListening = await db.listen('de_volta', (payload) => heard.push(payload));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
      // What was sent while no connection listened is gone: the empty payload asks the listener to look again.
      await expect.poll(() => heard.includes(''), { timeout: 15_000 }).toBe(true);
    } finally {
      console.warn = warn;
    }
    await db.exec(`NOTIFY de_volta, 'olá'`);
    await expect.poll(() => heard.includes('olá'), { timeout: 15_000 }).toBe(true);
    await stopListening();
  });
});
