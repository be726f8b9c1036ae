// Shapes the HTTP answer of a query: status (200/206/416), Content-Range, singular objects and JSON bodies.
import { ApiError, singularError } from './errors.ts';

/** The one row every gateway statement returns. */
export interface StatementRow {
  total: string | number | null;
  page_total: string | number;
  body: string | null;
  /** Upserts: how many of the written rows were inserted rather than updated. */
  inserted?: string | number | null;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

export function toCount(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** PostgREST's Content-Range: `0-9/123`, `*` for the range when nothing was returned, `*` for an unknown total. */
export function contentRange(lower: number, rows: number, total: number | null): string {
  const upper = lower + rows - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function rangeStatus(lower: number, rows: number, total: number | null): number {
  if (total === null) return 200;
  if (lower > total) {
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${lower} was requested, but there are only ${total} rows.`,
    );
  }
  return rows < total ? 206 : 200;
}

/** The JSON array built by Postgres, or its only element when a single object was asked for. */
export function shapeBody(body: string | null, rows: number, singular: boolean): string | null {
  if (body === null) return null;
  if (!singular) return body;
  if (rows !== 1) throw singularError(rows);
  return unwrapSingle(body);
}

export function unwrapSingle(body: string): string {
  const trimmed = body.trim();
  return trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1).trim() : trimmed;
}

export function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(status === 204 ? null : body, { status, headers });
}
