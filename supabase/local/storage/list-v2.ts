// POST /object/list-v2/:bucket, Storage's paged listing: objects whose name starts with a prefix, either flat
// or one level deep with folders (`with_delimiter`), sorted by name or by a timestamp, with an opaque cursor.
import type { Queryable } from '../db/database.ts';
import { asCaller, type Caller } from '../request-context.ts';
import { json } from '../service.ts';
import type { StorageContext } from './context.ts';
import { bucketNotFound, invalidRequest } from './errors.ts';
import { readJsonObject } from './json-body.ts';
import { findBucket, isoTimestamp, type ListEntry } from './objects.ts';

type SortColumn = 'name' | 'created_at' | 'updated_at';
type SortOrder = 'asc' | 'desc';

/** Where the next page starts: the last entry's name, and its sort value when sorting by a timestamp. */
interface Cursor {
  startAfter: string;
  sortColumn: SortColumn;
  sortOrder: SortOrder;
  sortColumnAfter?: string;
}

interface Entry extends ListEntry {
  key: string | null;
}

const MAX_KEYS = 1000;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    const record = value as Record<string, unknown>;
    const sortColumn = record.sortColumn === 'created_at' || record.sortColumn === 'updated_at' ? record.sortColumn : 'name';
    if (typeof record.startAfter !== 'string') throw new Error('no position');
    return {
      startAfter: record.startAfter,
      sortColumn,
      sortOrder: record.sortOrder === 'desc' ? 'desc' : 'asc',
      sortColumnAfter: typeof record.sortColumnAfter === 'string' ? record.sortColumnAfter : undefined,
    };
  } catch {
    throw invalidRequest('Invalid cursor');
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One page of entries, `limit + 1` at most (the extra one only tells that there is a next page). */
async function queryPage(
  tx: Queryable,
  bucket: string,
  prefix: string,
  delimited: boolean,
  limit: number,
  cursor: Cursor | null,
  sort: { column: SortColumn; order: SortOrder },
): Promise<Entry[]> {
  const level = prefix === '' ? 1 : prefix.split('/').length;
  const operator = sort.order === 'asc' ? '>' : '<';
  const direction = sort.order === 'asc' ? 'ASC' : 'DESC';
  // Only these fixed words reach the SQL text; every value is a parameter.
  const byTime = sort.column !== 'name';
  const sortValue = byTime ? `coalesce(date_trunc('milliseconds', ${sort.column}), 'epoch'::timestamptz)` : null;
  const after = cursor
    ? byTime
      ? `ROW(${sortValue ?? ''}, name COLLATE "C") ${operator} ROW(coalesce(nullif($5, '')::timestamptz, 'epoch'::timestamptz), $4::text)`
      : `name COLLATE "C" ${operator} $4::text`
    : 'true';
  const order = byTime ? `${sortValue ?? ''} ${direction}, name COLLATE "C" ${direction}` : `name COLLATE "C" ${direction}`;
  const entries = delimited
    ? `SELECT path_tokens[$3::int] AS key, array_to_string(path_tokens[1:$3::int], '/') AS name, NULL::uuid AS id,
              max(updated_at) AS updated_at, min(created_at) AS created_at, NULL::timestamptz AS last_accessed_at,
              NULL::jsonb AS metadata
         FROM matched WHERE array_length(path_tokens, 1) > $3::int GROUP BY 1, 2
       UNION ALL
       SELECT path_tokens[$3::int], name, id, updated_at, created_at, last_accessed_at, metadata
         FROM matched WHERE array_length(path_tokens, 1) = $3::int`
    : `SELECT NULL::text AS key, name, id, updated_at, created_at, last_accessed_at, metadata FROM matched`;
  const { rows } = await tx.query<{ body: Entry[] }>(
    // `args` types every parameter, including those a flat or first page does not use.
    `WITH args AS (SELECT $3::int AS level, $4::text AS after_name, $5::text AS after_value
     ), matched AS (
       SELECT name, path_tokens, id, updated_at, created_at, last_accessed_at, metadata
         FROM storage.objects WHERE bucket_id = $1 AND name COLLATE "C" LIKE $2 ESCAPE '\\'
     ), entries AS (${entries}
     ), page AS (
       SELECT * FROM entries WHERE ${after} ORDER BY ${order} LIMIT $6
     )
     SELECT coalesce(jsonb_agg(jsonb_build_object('key', key, 'name', name, 'id', id,
              'updated_at', ${isoTimestamp('updated_at')}, 'created_at', ${isoTimestamp('created_at')},
              'last_accessed_at', ${isoTimestamp('last_accessed_at')}, 'metadata', metadata) ORDER BY ${order}), '[]'::jsonb) AS body
       FROM page`,
    [bucket, `${escapeLike(prefix)}%`, level, cursor?.startAfter ?? '', cursor?.sortColumnAfter ?? '', limit + 1],
  );
  return rows[0]?.body ?? [];
}

export async function listV2(sc: StorageContext, request: Request, caller: Caller, bucket: string): Promise<Response> {
  if (!(await findBucket(sc.db, bucket))) throw bucketNotFound();
  const body = await readJsonObject(request);
  const limitValue = body.limit ?? MAX_KEYS;
  if (typeof limitValue !== 'number' || !Number.isInteger(limitValue) || limitValue < 1) {
    throw invalidRequest('body/limit must be >= 1');
  }
  const limit = Math.min(limitValue, MAX_KEYS);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const delimited = body.with_delimiter === true;
  const sortBy = typeof body.sortBy === 'object' && body.sortBy !== null ? (body.sortBy as Record<string, unknown>) : {};
  const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? decodeCursor(body.cursor) : null;
  const sort = {
    column: cursor?.sortColumn ?? (sortBy.column === 'created_at' || sortBy.column === 'updated_at' ? sortBy.column : 'name'),
    order: cursor?.sortOrder ?? (sortBy.order === 'desc' ? 'desc' : 'asc'),
  } as const;

  const found = await asCaller(sc.db, caller, (tx) => queryPage(tx, bucket, prefix, delimited, limit, cursor, sort), {
    readOnly: true,
  });
  const hasNext = found.length > limit;
  const page = found.slice(0, limit);
  const folders = page
    .filter((entry) => entry.id === null)
    .map((entry) => ({ ...entry, name: entry.name.endsWith('/') ? entry.name : `${entry.name}/` }));
  const objects = page
    .filter((entry) => entry.id !== null)
    .map(({ key, ...entry }) => (key === null ? entry : { key, ...entry }));
  const last = page[page.length - 1];
  const sortColumnAfter = last && sort.column !== 'name' ? (last[sort.column] ?? undefined) : undefined;
  return json({
    hasNext,
    ...(hasNext && last
      ? {
          nextCursor: encodeCursor({ startAfter: last.name, sortColumn: sort.column, sortOrder: sort.order, sortColumnAfter }),
          nextCursorKey: last.name,
        }
      : {}),
    folders,
    objects,
  });
}
