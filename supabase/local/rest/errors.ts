// Errors of the REST gateway in PostgREST's shape ({code, message, details, hint}) and its SQLSTATE → HTTP table.
import type { DatabaseRole } from '../request-context.ts';

export type ErrorDetails = string | null | readonly Record<string, unknown>[];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export function parseError(what: string, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `"failed to parse ${what}" (line 1, column 1)`, details);
}

export function singularError(rows: number): ApiError {
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** Fields that the `pg` driver and PGlite put on a server error. */
interface PostgresErrorFields {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPostgresError(error: unknown): error is PostgresErrorFields {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof (error as { message?: unknown }).message === 'string';
}

/** PostgREST's mapping from a SQLSTATE to the HTTP status of the response. */
export function statusForSqlState(code: string, role: DatabaseRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status < 600 ? status : 500;
  }
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  const status = exact[code];
  if (status !== undefined) return status;
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
}

/** Turns anything thrown while serving a request into the error the client receives. */
export function toApiError(error: unknown, role: DatabaseRole): ApiError {
  if (error instanceof ApiError) return error;
  if (isPostgresError(error)) {
    const status = statusForSqlState(error.code, role);
    const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
    return new ApiError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(500, 'PGRST000', message);
}
