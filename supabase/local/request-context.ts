// Who is calling: verifies the apikey and bearer JWT of a request, and runs SQL as that caller so RLS decides.
import { jwtVerify, errors as joseErrors } from 'jose';
import type { Database, Queryable } from './db/database.ts';
import type { StackConfig } from './config.ts';

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

export async function verifyJwt(token: string, secret: string): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const role = typeof payload.role === 'string' ? payload.role : '';
    if (!ROLES.has(role)) throw new GatewayError(401, { code: 'PGRST301', message: 'JWT role is not allowed', details: null, hint: null });
    return payload as JwtClaims;
  } catch (error) {
    if (error instanceof GatewayError) throw error;
    if (error instanceof joseErrors.JWTExpired) {
      throw new GatewayError(401, { code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
    }
    throw new GatewayError(401, { code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null });
  }
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

/**
 * Runs `work` in one transaction as the caller: `SET LOCAL ROLE` plus `request.jwt.claims`, exactly the
 * settings Supabase's PostgREST makes, so row-level security applies even on PGlite (a superuser).
 */
export function asCaller<T>(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims'>,
  work: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean; headers?: Record<string, string>; method?: string; path?: string } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    if (options.readOnly) await tx.query('SET TRANSACTION READ ONLY');
    await tx.query(
      `SELECT set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true),
              set_config('request.jwt.claim.role', $1, true),
              set_config('request.headers', $4, true),
              set_config('request.method', $5, true),
              set_config('request.path', $6, true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        caller.claims.sub ?? '',
        JSON.stringify(options.headers ?? {}),
        options.method ?? '',
        options.path ?? '',
      ],
    );
    return work(tx);
  });
}
