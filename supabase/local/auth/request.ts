// Reading an Auth request: its JSON body, typed fields, the API key the gateway demands, and the bearer
// token that identifies a user (/user, /logout) or the service role (/admin).
import type { Queryable } from '../db/database.ts';
import type { StackConfig } from '../config.ts';
import { BodyTooLarge, InvalidJson, parseJsonText, readBodyText } from '../request-body.ts';
import { AuthFailure, badJwt, noAuthorization, notAdmin, validationFailed } from './errors.ts';
import { checkJwt } from '../jwt.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isUuid, type Metadata, type UserRow } from './users.ts';

/**
 * Auth bodies are an email, a password, a code and small user_metadata (which rides in every access token, and a
 * token must fit Node's 16 KiB header limit): 64 KiB is far more than any real one. GoTrue's own cap is 1 MiB.
 */
export const MAX_AUTH_BODY_BYTES = 64 * 1024;

export type Body = Record<string, unknown>;

export async function readBody(request: Request): Promise<Body> {
  let text: string;
  try {
    text = await readBodyText(request, MAX_AUTH_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new AuthFailure(413, 'request_entity_too_large', 'Request body too large');
    throw error;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseJsonText(text);
  } catch (error) {
    if (!(error instanceof InvalidJson)) throw error;
    throw new AuthFailure(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AuthFailure(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return parsed as Body;
}

export function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  return value;
}

export function metadataField(body: Body, name: string): Metadata | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationFailed(`${name} must be an object`);
  return value as Metadata;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** A trimmed, lower-cased, plausible email, or GoTrue's validation error. */
export function normalizeEmail(value: string | undefined): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!email) throw validationFailed('An email address is required');
  if (email.length > 255 || !EMAIL.test(email)) throw new AuthFailure(400, 'email_address_invalid', 'Unable to validate email address: invalid format');
  return email;
}

function bearerOf(request: Request): string | null {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null;
}

async function claimsOf(token: string, secret: string): Promise<Record<string, unknown>> {
  const check = await checkJwt(token, secret);
  if (check.ok) return check.claims;
  throw badJwt(check.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid');
}

/** The gateway's key check (Kong's key-auth): an `apikey` that is one of the project's keys. */
export async function requireApiKey(request: Request, config: StackConfig): Promise<void> {
  const apikey = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  if (!apikey) throw new AuthFailure(401, 'no_api_key', 'No API key found in request');
  if (apikey === config.anonKey || apikey === config.serviceRoleKey) return;
  const check = await checkJwt(apikey, config.jwtSecret);
  if (check.ok && (check.claims.role === 'anon' || check.claims.role === 'service_role')) return;
  throw new AuthFailure(401, 'invalid_api_key', 'Invalid API key');
}

export interface AuthenticatedUser {
  user: UserRow;
  sessionId: string;
  claims: Record<string, unknown>;
}

/** The user of a bearer access token whose session still exists (GoTrue's requireAuthentication). */
export async function requireUser(request: Request, config: StackConfig, db: Queryable): Promise<AuthenticatedUser> {
  const token = bearerOf(request);
  if (!token) throw noAuthorization();
  const claims = await claimsOf(token, config.jwtSecret);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub || !isUuid(sub)) throw badJwt('invalid claim: missing sub claim');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : '';
  const user = await findUserById(db, sub);
  if (!user) throw new AuthFailure(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  if (!isUuid(sessionId) || !(await sessionExists(db, sessionId))) {
    throw new AuthFailure(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, sessionId, claims };
}

/** Admin endpoints need a bearer token with the service_role (GoTrue's requireAdmin). */
export async function requireServiceRole(request: Request, config: StackConfig): Promise<void> {
  const token = bearerOf(request);
  if (!token) throw noAuthorization();
  const claims = await claimsOf(token, config.jwtSecret);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw notAdmin();
}

