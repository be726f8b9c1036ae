// One small interface over the two real Postgres engines the local stack runs on: PGlite (embedded, WASM)
// and any Postgres server reached through DATABASE_URL. Values leave both engines in the same shape.
import { mkdir } from 'node:fs/promises';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

export interface QueryResult<Row> {
  rows: Row[];
  /** Rows changed by INSERT/UPDATE/DELETE, when the engine reports it. */
  rowCount: number;
}

/** Anything that can run a parameterised statement: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/** One parameterised statement. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

export interface TransactionOptions {
  /**
   * Aborts the transaction: on Postgres the statement running is cancelled (pg_cancel_backend); on PGlite, whose
   * statements cannot be interrupted, no further statement starts (one still waiting its turn never runs).
   */
  signal?: AbortSignal;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` inside BEGIN … COMMIT; any throw rolls back. */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `statements` in order inside one BEGIN … COMMIT and returns their results; the first failure rolls
   * everything back and is thrown. Postgres sends them all at once (one round trip instead of one per statement).
   */
  runTransaction?(
    statements: readonly Statement[],
    options?: TransactionOptions,
  ): Promise<QueryResult<Record<string, unknown>>[]>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Dates and times stay exactly as Postgres renders them (microseconds, `+00:00`), because replication
 * checkpoints compare them for equality; json is parsed; bigint and numeric stay strings (no precision loss).
 */
const TEXT_TYPES = {
  date: 1082,
  time: 1083,
  timestamp: 1114,
  timestamptz: 1184,
  timetz: 1266,
  interval: 1186,
  int8: 20,
  numeric: 1700,
} as const;

const identity = (value: string): string => value;

/** PGlite adds a way to copy the whole database (tests clone one migrated template this way). */
export interface PgliteDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

export interface PgliteOptions {
  /** Folder kept on disk; undefined keeps the database in memory. */
  dataDir?: string;
  /** Starts from a copy of another database's data folder (a `dumpDataDir` tarball). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const parsers: Record<number, (value: string) => unknown> = {};
  for (const oid of Object.values(TEXT_TYPES)) parsers[oid] = identity;
  parsers[pgliteTypes.JSON] = (value: string) => JSON.parse(value) as unknown;
  parsers[pgliteTypes.JSONB] = (value: string) => JSON.parse(value) as unknown;
  // PGlite creates only the last folder of the path; a fresh checkout has none of `.data/stack`.
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, parsers });
  await client.exec(`SET TIME ZONE 'UTC'; SET datestyle TO 'ISO, YMD';`);

  const asQueryable = (runner: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query<Row>(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await runner.exec(sql);
    },
  });

  // PGlite runs each statement on the process's only thread: requests read in the same turn of the event loop
  // would otherwise reach it one at a time, each read only after the one before it finished its statements. Each
  // entry waits for the turn's input to be read, so the requests queue for the database in the order they came.
  const afterInput = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const queryable = asQueryable(client);

  // A transaction whose client went away while it waited for PGlite's one thread is dropped, not run.
  const abortable = (runner: Queryable, signal: AbortSignal | undefined): Queryable =>
    signal
      ? {
          query(sql, params) {
            signal.throwIfAborted();
            return runner.query(sql, params);
          },
          exec(sql) {
            signal.throwIfAborted();
            return runner.exec(sql);
          },
        }
      : runner;

  return {
    engine: 'pglite',
    async query(sql, params) {
      await afterInput();
      return queryable.query(sql, params);
    },
    async exec(sql) {
      await afterInput();
      return queryable.exec(sql);
    },
    async transaction(work, options = {}) {
      await afterInput();
      return client.transaction((tx) => {
        options.signal?.throwIfAborted();
        return work(abortable(asQueryable(tx), options.signal));
      });
    },
    async runTransaction(statements, options = {}) {
      await afterInput();
      return client.transaction(async (tx) => {
        const runner = abortable(asQueryable(tx), options.signal);
        const results: QueryResult<Record<string, unknown>>[] = [];
        for (const statement of statements) results.push(await runner.query(statement.sql, statement.params));
        return results;
      });
    },
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return stop;
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** The server process behind a connection (the `pg` client learns it when it connects). */
function backendPid(client: pg.PoolClient): number | null {
  const pid = (client as { processID?: unknown }).processID;
  return typeof pid === 'number' ? pid : null;
}

/**
 * A connection the server ends (a restart, DROP DATABASE … WITH (FORCE)) must not crash the stack: its pool
 * discards it and opens a new one on the next query. Every pool and held connection listens with this.
 */
/** How long a listener whose connection the server ended waits before listening again (doubling up to `most`). */
const LISTEN_RETRY_MS = { first: 100, most: 5_000 } as const;

function warnServerEnded(error: Error): void {
  console.warn(`[db] conexão encerrada pelo servidor: ${error.message}`);
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const typeOverrides = new pg.TypeOverrides();
  for (const oid of Object.values(TEXT_TYPES)) typeOverrides.setTypeParser(oid, identity);
  const pool = new pg.Pool({
    connectionString,
    types: typeOverrides,
    options: '-c TimeZone=UTC -c DateStyle=ISO,YMD',
    max: 10,
  });
  pool.on('error', warnServerEnded);
  // Fail at start, with the server's own message, rather than at the first request.
  await pool.query('SELECT 1');
  // A few connections in pipeline mode for runTransaction: BEGIN, the statements and COMMIT go out together.
  let pipelined: pg.Pool | undefined;
  const pipelinePool = (): pg.Pool => {
    if (!pipelined) {
      pipelined = new pg.Pool({
        connectionString,
        types: typeOverrides,
        options: '-c TimeZone=UTC -c DateStyle=ISO,YMD',
        max: 10,
        pipeline: true,
      });
      pipelined.on('error', warnServerEnded);
    }
    return pipelined;
  };

  // Cancels go through a connection of their own: the main pool may be full of the very statements to cancel.
  let cancelPool: pg.Pool | undefined;
  let closed = false;
  /**
   * Cancels whatever `client` is running when `signal` fires. `settled()` waits for the cancel to have gone out,
   * so the connection returns to its pool only once the cancel can no longer reach another request's statement.
   */
  const cancelOnAbort = (client: pg.PoolClient, signal: AbortSignal | undefined) => {
    let cancelling: Promise<unknown> | undefined;
    const cancel = () => {
      const pid = backendPid(client);
      // After close, a request hanging up late opens no pool that nothing would end.
      if (pid === null || closed) return;
      if (!cancelPool) {
        cancelPool = new pg.Pool({ connectionString, max: 2 });
        cancelPool.on('error', warnServerEnded);
      }
      cancelling = cancelPool.query('SELECT pg_cancel_backend($1)', [pid]).catch((error: unknown) => {
        console.warn(`[db] cancelamento não enviado: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    signal?.addEventListener('abort', cancel, { once: true });
    return {
      settled: async () => {
        signal?.removeEventListener('abort', cancel);
        await cancelling;
      },
    };
  };

  const asQueryable = (runner: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await runner.query(sql, params as unknown[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await runner.query(sql);
    },
  });

  const listeners = new Set<pg.PoolClient>();
  return {
    engine: 'postgres',
    ...asQueryable(pool),
    async transaction(work, options = {}) {
      const client = await pool.connect();
      const cancelling = cancelOnAbort(client, options.signal);
      try {
        options.signal?.throwIfAborted();
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await cancelling.settled();
        client.release();
      }
    },
    async runTransaction(statements, options = {}) {
      const client = await pipelinePool().connect();
      const cancelling = cancelOnAbort(client, options.signal);
      let broken = false;
      try {
        options.signal?.throwIfAborted();
        // Every message of every statement leaves in one write.
        const socket = client.connection.stream;
        const sent: Promise<pg.QueryResult>[] = [];
        socket.cork();
        try {
          sent.push(client.query('BEGIN'));
          for (const statement of statements) sent.push(client.query(statement.sql, statement.params as unknown[] | undefined));
          // COMMIT of a transaction a statement aborted rolls it back (and answers ROLLBACK, not an error).
          sent.push(client.query('COMMIT'));
        } finally {
          socket.uncork();
        }
        const settled = await Promise.allSettled(sent);
        // In statement order, the first failure is the cause; those after it only report the aborted transaction.
        const failure = settled.find((outcome) => outcome.status === 'rejected');
        if (failure) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
          throw failure.reason;
        }
        return settled.slice(1, -1).map((outcome) => {
          const result = (outcome as PromiseFulfilledResult<pg.QueryResult>).value;
          return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? result.rows.length };
        });
      } finally {
        await cancelling.settled();
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      const handler = (message: pg.Notification) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      };
      const listenStatement = `LISTEN ${pg.escapeIdentifier(channel)}`;
      let current: pg.PoolClient | undefined;
      let stopped = false;
      /** Gives a held connection back to the pool (`broken`: the pool discards it), once: false after that. */
      const detach = (client: pg.PoolClient, broken: boolean): boolean => {
        if (!listeners.delete(client)) return false;
        client.off('notification', handler);
        if (current === client) current = undefined;
        client.release(broken);
        return true;
      };
      /** Takes a connection of the pool and listens on it, for as long as it listens. */
      const attach = async (): Promise<void> => {
        const client = await pool.connect();
        listeners.add(client);
        // The pool's idle handler does not cover a held connection: one the server ends is replaced.
        client.on('error', (error: Error) => {
          warnServerEnded(error);
          if (detach(client, true)) void reattach();
        });
        client.on('notification', handler);
        try {
          await client.query(listenStatement);
        } catch (error) {
          detach(client, true);
          throw error;
        }
        current = client;
      };
      let reattaching: Promise<void> | undefined;
      /** Listens again on a new connection, retrying while the server is away; what was missed meanwhile is asked for. */
      const reattach = (): Promise<void> =>
        (reattaching ??= listenAgain().finally(() => {
          reattaching = undefined;
        }));
      const listenAgain = async (): Promise<void> => {
        const wanted = () => !stopped && !closed && current === undefined;
        for (let wait: number = LISTEN_RETRY_MS.first; wanted(); wait = Math.min(wait * 2, LISTEN_RETRY_MS.most)) {
          await new Promise((resolve) => setTimeout(resolve, wait).unref());
          if (!wanted()) return;
          try {
            await attach();
            // Notifications sent while no connection listened are gone: an empty payload asks for a fresh look.
            onPayload('');
            return;
          } catch {
            // The server is still away: try again later.
          }
        }
      };
      try {
        await attach();
      } catch (error) {
        stopped = true;
        throw error;
      }
      return async () => {
        stopped = true;
        const client = current;
        if (!client) return;
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        detach(client, false);
      };
    },
    async close() {
      closed = true;
      for (const client of [...listeners]) {
        listeners.delete(client);
        client.release();
      }
      await Promise.all([pool.end(), pipelined?.end(), cancelPool?.end()]);
    },
  };
}

/** The database named by the environment: DATABASE_URL if set, otherwise PGlite in `dataDir`. */
export function openDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite({ dataDir: options.dataDir });
}
