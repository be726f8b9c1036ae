// How much one REST request may make the database build: embed depth, rows built by embeds, the response's size,
// PostgREST's db-max-rows, and how many requests of one caller run at once. Read once from the environment.

export interface RestLimits {
  /** Embeds nested deeper than this in a select are refused (400 PGRST100) before any SQL is written. */
  maxEmbedDepth: number;
  /**
   * Rows all the embeds of one response may build together; past it the statement stops (54000), so one request
   * cannot multiply rows level after level (a to-many embed inside a to-one inside a to-many…). Null: no limit.
   */
  maxEmbeddedRows: number | null;
  /** A response body larger than this is not sent (54000). Null: no limit. */
  maxResponseBytes: number | null;
  /** PostgREST's db-max-rows: reads return at most this many rows at the top level. Null (PostgREST's default): all. */
  maxRows: number | null;
  /**
   * Requests of one caller (a user, or an address for anonymous calls) served at once; the rest wait their turn,
   * so one caller's burst cannot hold every database connection, nor PGlite's only thread, ahead of everyone else.
   * Null: by engine (CALLER_CONCURRENCY).
   */
  callerConcurrency: number | null;
}

/**
 * PGlite runs one statement at a time whoever asks, so one turn per caller costs a caller nothing and leaves at
 * most one of its statements ahead of anyone else's; Postgres runs several at once, from a pool of ten connections.
 */
export const CALLER_CONCURRENCY = { pglite: 1, postgres: 4 } as const;

/**
 * How long PGlite waits before a caller's next request takes its turn, reading meanwhile what other clients sent
 * (their statements must reach the queue first); Postgres needs no pause, other callers have connections of their own.
 */
export const CALLER_TURN_PAUSE_MS = { pglite: 2, postgres: 0 } as const;

export const DEFAULT_REST_LIMITS: RestLimits = {
  maxEmbedDepth: 10,
  maxEmbeddedRows: 10_000,
  maxResponseBytes: 10 * 1024 * 1024,
  maxRows: null,
  callerConcurrency: null,
};

/** A positive integer from the environment; empty or absent keeps the default, `0` or `none` lifts the limit. */
function limitFrom(value: string | undefined, fallback: number | null, name: string): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  if (text === '0' || text.toLowerCase() === 'none') return null;
  const number = Number(text);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} deve ser um número inteiro positivo: ${text}`);
  return number;
}

/** A count that cannot be lifted: `0` or `none` keeps the default too. */
function countFrom<Fallback extends number | null>(
  value: string | undefined,
  fallback: Fallback,
  name: string,
): number | Fallback {
  return limitFrom(value, fallback, name) ?? fallback;
}

/**
 * The limits set in the environment: PGRST_DB_MAX_ROWS (as PostgREST's db-max-rows), REST_MAX_EMBED_DEPTH,
 * REST_MAX_EMBEDDED_ROWS, REST_MAX_RESPONSE_BYTES and REST_CALLER_CONCURRENCY.
 */
export function restLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<RestLimits> {
  const defaults = DEFAULT_REST_LIMITS;
  return {
    maxEmbedDepth: countFrom(env.REST_MAX_EMBED_DEPTH, defaults.maxEmbedDepth, 'REST_MAX_EMBED_DEPTH'),
    maxEmbeddedRows: limitFrom(env.REST_MAX_EMBEDDED_ROWS, defaults.maxEmbeddedRows, 'REST_MAX_EMBEDDED_ROWS'),
    maxResponseBytes: limitFrom(env.REST_MAX_RESPONSE_BYTES, defaults.maxResponseBytes, 'REST_MAX_RESPONSE_BYTES'),
    maxRows: limitFrom(env.PGRST_DB_MAX_ROWS, defaults.maxRows, 'PGRST_DB_MAX_ROWS'),
    callerConcurrency: countFrom(env.REST_CALLER_CONCURRENCY, defaults.callerConcurrency, 'REST_CALLER_CONCURRENCY'),
  };
}
