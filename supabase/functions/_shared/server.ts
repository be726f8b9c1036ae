// Talking to the project from a function: who is calling (GoTrue /user) and whether their account may act now,
// and service-role REST on public tables.
import { supabaseEnv } from './env.ts';

export interface CallerUser {
  id: string;
  email: string;
}

/** The signed-in user behind the request's bearer token, or null. */
export async function callerOf(request: Request): Promise<CallerUser | null> {
  const authorization = request.headers.get('authorization');
  if (!authorization?.toLowerCase().startsWith('bearer ')) return null;
  const { url, anonKey } = supabaseEnv();
  const response = await fetch(`${url}/auth/v1/user`, { headers: { apikey: anonKey, authorization } });
  if (!response.ok) return null;
  const user = (await response.json()) as { id?: unknown; email?: unknown };
  return typeof user.id === 'string' ? { id: user.id, email: typeof user.email === 'string' ? user.email : '' } : null;
}

/**
 * Why the caller's account may not act now, as the database's rules see it (escrita_recusada(), asked with the
 * caller's own token): 'conta_suspensa' (suspended by the admin or banned in Auth), 'conta_inexistente', … or null.
 */
export async function standingOf(request: Request): Promise<string | null> {
  const { url, anonKey } = supabaseEnv();
  const response = await fetch(`${url}/rest/v1/rpc/escrita_recusada`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: request.headers.get('authorization') ?? '', 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new RestError(response.status, '', `escrita_recusada: HTTP ${String(response.status)}`);
  const text = await response.text();
  const reason: unknown = text ? JSON.parse(text) : null;
  return typeof reason === 'string' ? reason : null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A REST call as service_role (bypasses RLS: only for what the function itself decided to do). */
export async function serviceRest<T>(path: string, init: { method?: string; body?: unknown; prefer?: string } = {}): Promise<T> {
  const { url, serviceRoleKey } = supabaseEnv();
  const response = await fetch(`${url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: serviceRoleKey,
      authorization: `Bearer ${serviceRoleKey}`,
      'content-type': 'application/json',
      ...(init.prefer ? { prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  const value: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = value as { code?: string; message?: string } | null;
    throw new RestError(response.status, error?.code ?? '', error?.message ?? `HTTP ${response.status}`);
  }
  return value as T;
}
