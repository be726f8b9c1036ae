// Who is calling: verifies the apikey and bearer JWT of a request, and runs SQL as that caller so RLS decides.
import type { Database, Queryable, QueryResult, Statement } from './db/database.ts';
import type { StackConfig } from './config.ts';
import { checkJwt, hasExpired } from './jwt.ts';

export type DatabaseRole = 'anon' | 'authenticated' | 'service_role';

export interface JwtClaims {
  role: DatabaseRole;
  sub?: string;
  email?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  exp?: number;
  [claim: string]: unknown;
}

export interface Caller {
  role: DatabaseRole;
  claims: JwtClaims;
  /** The raw bearer token, when one was sent. */
  token: string | null;
}

/** An error the gateway answers with before any service runs (bad or missing keys). */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    const text = body.message ?? body.msg;
    super(typeof text === 'string' ? text : 'gateway error');
  }
}

const ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Tokens already verified, per secret (like PostgREST's JWT cache): the same token always verifies the same way,
 * so only its expiry is checked again. Bounded; the oldest entries go first.
 */
const verifiedTokens = new Map<string, Map<string, JwtClaims>>();
const VERIFIED_TOKENS_MAX = 1000;

function expiredError(): GatewayError {
  return new GatewayError(401, { code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
}

export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  let verified = verifiedTokens.get(secret);
  const known = verified?.get(token);
  if (known) {
    if (hasExpired(known)) throw expiredError();
    return known;
  }
  const check = await checkJwt(token, secret);
  if (!check.ok) {
    if (check.reason === 'expired') throw expiredError();
    throw new GatewayError(401, { code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null });
  }
  const role = typeof check.claims.role === 'string' ? check.claims.role : '';
  if (!ROLES.has(role)) throw new GatewayError(401, { code: 'PGRST301', message: 'JWT role is not allowed', details: null, hint: null });
  const claims = check.claims as JwtClaims;
  if (!verified) {
    verified = new Map();
    verifiedTokens.set(secret, verified);
  }
  if (verified.size >= VERIFIED_TOKENS_MAX) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(token, claims);
  return claims;
}

/**
 * Identifies the caller as Supabase's gateway and PostgREST would: an `apikey` is required; the bearer token
 * (a user's access token or the key itself) decides the role.
 */
export async function identifyCaller(request: Request, config: StackConfig): Promise<Caller> {
  const apikey = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  const authorization = request.headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? null;
  if (!apikey && !bearer) throw new GatewayError(401, { message: 'No API key found in request' });
  const token = bearer ?? apikey;
  if (!token) throw new GatewayError(401, { message: 'No API key found in request' });
  const claims = await verifyJwt(token, config.jwtSecret);
  return { role: claims.role, claims, token };
}

export interface CallerOptions {
  readOnly?: boolean;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  /** Settings of the caller's role (`ALTER ROLE … SET`), applied to the transaction as PostgREST does. */
  roleSettings?: readonly (readonly [string, string])[];
  /** Fires when the client went away: what is still running is cancelled, what has not started never runs. */
  signal?: AbortSignal;
}

/**
 * The statement that makes a transaction the caller's: the role, `request.jwt.claims` and the request settings
 * PostgREST makes, and read-only mode when asked (`transaction_read_only` is what SET TRANSACTION READ ONLY sets).
 */
function callerSetup(caller: Pick<Caller, 'role' | 'claims'>, options: CallerOptions): Statement {
  const readOnly = options.readOnly ? `, set_config('transaction_read_only', 'on', true)` : '';
  const params: unknown[] = [
    caller.role,
    JSON.stringify(caller.claims),
    caller.claims.sub ?? '',
    JSON.stringify(options.headers ?? {}),
    options.method ?? '',
    options.path ?? '',
  ];
  // The role's own settings (statement_timeout…) hold from the next statement on: the request's.
  let roleSettings = '';
  for (const [name, value] of options.roleSettings ?? []) {
    params.push(name, value);
    roleSettings += `, set_config($${params.length - 1}, $${params.length}, true)`;
  }
  return {
    sql: `SELECT set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.headers', $4, true),
              set_config('request.method', $5, true),
              set_config('request.path', $6, true)${roleSettings}${readOnly}`,
    params,
  };
}

/**
 * Runs `work` in one transaction as the caller: `SET LOCAL ROLE` plus `request.jwt.claims`, exactly the
 * settings Supabase's PostgREST makes, so row-level security applies even on PGlite (a superuser).
 */
export function asCaller<T>(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  work: (tx: Queryable) => Promise<T>,
  options: CallerOptions = {},
): Promise<T> {
  const setup = callerSetup(caller, options);
  return db.transaction(
    async (tx) => {
      await tx.query(setup.sql, setup.params);
      return work(tx);
    },
    { signal: options.signal },
  );
}

/**
 * Runs one statement as the caller, like `asCaller`, in as few round trips as the engine allows: on Postgres the
 * BEGIN, the caller's settings, the statement and the COMMIT travel together.
 */
export async function asCallerStatement<Row>(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  statement: Statement,
  options: CallerOptions = {},
): Promise<QueryResult<Row>> {
  const setup = callerSetup(caller, options);
  if (!db.runTransaction) return asCaller(db, caller, (tx) => tx.query<Row>(statement.sql, statement.params), options);
  const [, result] = await db.runTransaction([setup, statement], { signal: options.signal });
  if (!result) throw new Error('the statement returned no result');
  return result as QueryResult<Row>;
}
