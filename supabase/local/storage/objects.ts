// The rows of storage.buckets and storage.objects, read and written with bound parameters. Callers pass the
// caller's transaction (asCaller) so row-level security decides, or the database itself for the checks that
// Supabase Storage makes as its own superuser (a bucket's existence and limits, public reads).
import type { Queryable } from '../db/database.ts';

/** Supabase Storage's `metadata` column of an object. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  metadata: ObjectMetadata;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** A timestamp as Supabase Storage prints it (JavaScript's toISOString: milliseconds and `Z`). */
export const isoTimestamp = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// Rows leave as JSON with timestamps in Storage's own format, the same on both engines.
const OBJECT_JSON = `jsonb_build_object('id', o.id, 'bucket_id', o.bucket_id, 'name', o.name, 'owner', o.owner,
  'owner_id', o.owner_id, 'version', o.version, 'metadata', o.metadata, 'user_metadata', o.user_metadata,
  'created_at', ${isoTimestamp('o.created_at')}, 'updated_at', ${isoTimestamp('o.updated_at')},
  'last_accessed_at', ${isoTimestamp('o.last_accessed_at')})`;
const BUCKET_JSON = `jsonb_build_object('id', b.id, 'name', b.name, 'owner', b.owner, 'public', b.public,
  'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', ${isoTimestamp('b.created_at')}, 'updated_at', ${isoTimestamp('b.updated_at')})`;

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | null> {
  const { rows } = await db.query<{ row: BucketRow }>(`SELECT ${BUCKET_JSON} AS row FROM storage.buckets b WHERE b.id = $1`, [
    id,
  ]);
  return rows[0]?.row ?? null;
}

export async function listBuckets(
  db: Queryable,
  options: { limit?: number; offset?: number; search?: string } = {},
): Promise<BucketRow[]> {
  const { rows } = await db.query<{ row: BucketRow }>(
    `SELECT ${BUCKET_JSON} AS row FROM storage.buckets b
      WHERE $1::text IS NULL OR b.name ILIKE '%' || $1 || '%'
      ORDER BY b.name LIMIT $2 OFFSET $3`,
    [options.search ?? null, options.limit ?? null, options.offset ?? 0],
  );
  return rows.map((r) => r.row);
}

export interface BucketSettings {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

export async function createBucket(
  tx: Queryable,
  id: string,
  name: string,
  owner: string | null,
  settings: BucketSettings,
): Promise<void> {
  await tx.query(
    `INSERT INTO storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, name, owner, settings.public ?? false, settings.file_size_limit ?? null, settings.allowed_mime_types ?? null],
  );
}

export async function updateBucket(tx: Queryable, id: string, settings: BucketSettings): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE storage.buckets SET
       public = coalesce($2, public),
       file_size_limit = CASE WHEN $3 THEN $4 ELSE file_size_limit END,
       allowed_mime_types = CASE WHEN $5 THEN $6::text[] ELSE allowed_mime_types END,
       updated_at = now()
     WHERE id = $1`,
    [
      id,
      settings.public ?? null,
      'file_size_limit' in settings,
      settings.file_size_limit ?? null,
      'allowed_mime_types' in settings,
      settings.allowed_mime_types ?? null,
    ],
  );
  return rowCount;
}

export async function deleteBucket(tx: Queryable, id: string): Promise<number> {
  const { rowCount } = await tx.query('DELETE FROM storage.buckets WHERE id = $1', [id]);
  return rowCount;
}

export async function countObjects(db: Queryable, bucket: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM storage.objects WHERE bucket_id = $1', [bucket]);
  return rows[0]?.n ?? 0;
}

export async function findObject(db: Queryable, bucket: string, name: string): Promise<ObjectRow | null> {
  const { rows } = await db.query<{ row: ObjectRow }>(
    `SELECT ${OBJECT_JSON} AS row FROM storage.objects o WHERE o.bucket_id = $1 AND o.name = $2`,
    [bucket, name],
  );
  return rows[0]?.row ?? null;
}

export interface NewObject {
  id: string;
  bucket: string;
  name: string;
  owner: string | null;
  version: string;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Inserts an object row, or replaces it when `upsert` (which needs the INSERT, SELECT and UPDATE policies, as on
 * Supabase). Plain inserts use no RETURNING, so uploading needs only the INSERT policy.
 */
export async function writeObject(tx: Queryable, object: NewObject, upsert: boolean): Promise<void> {
  const params = [
    object.id,
    object.bucket,
    object.name,
    object.owner,
    object.owner,
    object.version,
    JSON.stringify(object.metadata),
    object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
  ];
  const insert = `INSERT INTO storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
                  VALUES ($1, $2, $3, $4::uuid, $5::text, $6, $7::jsonb, $8::jsonb)`;
  const onConflict = ` ON CONFLICT (bucket_id, name) DO UPDATE SET owner = EXCLUDED.owner, owner_id = EXCLUDED.owner_id,
                  version = EXCLUDED.version, metadata = EXCLUDED.metadata, user_metadata = EXCLUDED.user_metadata,
                  updated_at = now(), last_accessed_at = now()`;
  await tx.query(upsert ? insert + onConflict : insert, params);
}

/** Deletes the named objects the caller may delete and see; returns their rows (Supabase answers with them). */
export async function deleteObjects(tx: Queryable, bucket: string, names: readonly string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query<{ row: ObjectRow }>(
    `DELETE FROM storage.objects o WHERE o.bucket_id = $1 AND o.name = ANY ($2::text[]) RETURNING ${OBJECT_JSON} AS row`,
    [bucket, names],
  );
  return rows.map((r) => r.row);
}

/** Renames an object (possibly into another bucket); the bytes stay under the same version. */
export async function moveObject(
  tx: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
): Promise<number> {
  const { rowCount } = await tx.query(
    `UPDATE storage.objects SET bucket_id = $3, name = $4, updated_at = now() WHERE bucket_id = $1 AND name = $2`,
    [from.bucket, from.name, to.bucket, to.name],
  );
  return rowCount;
}

export type ListColumn = 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
const LIST_COLUMNS: ReadonlySet<string> = new Set<ListColumn>(['name', 'created_at', 'updated_at', 'last_accessed_at']);

export interface ListOptions {
  /** Folder to list, `''` for the root; a trailing `/` is implied. */
  prefix: string;
  limit: number;
  offset: number;
  sortColumn: string;
  sortOrder: string;
  /** Only entries whose name (below the prefix) starts with this, case-insensitively. */
  search: string;
}

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One level of a bucket, as storage.search() lists it: folders first (id null), then files. */
export async function listObjects(tx: Queryable, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const prefix = options.prefix === '' || options.prefix.endsWith('/') ? options.prefix : `${options.prefix}/`;
  const level = prefix === '' ? 1 : prefix.split('/').length;
  // Only whitelisted words reach the SQL text; every value is a parameter.
  const column = LIST_COLUMNS.has(options.sortColumn) ? options.sortColumn : 'name';
  const direction = options.sortOrder.toLowerCase() === 'desc' ? 'DESC' : 'ASC';
  const { rows } = await tx.query<{ body: ListEntry[] }>(
    `WITH matched AS (
       SELECT path_tokens, id, updated_at, created_at, last_accessed_at, metadata
         FROM storage.objects WHERE bucket_id = $1 AND name ILIKE $2 ESCAPE '\\'
     ), folders AS (
       SELECT DISTINCT path_tokens[$3::int] AS name FROM matched WHERE array_length(path_tokens, 1) > $3::int
     ), files AS (
       SELECT path_tokens[$3::int] AS name, id, updated_at, created_at, last_accessed_at, metadata
         FROM matched WHERE array_length(path_tokens, 1) = $3::int
     ), entries AS (
       SELECT 0 AS kind, row_number() OVER (ORDER BY name ${direction}) AS pos, name, NULL::uuid AS id,
              NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at, NULL::timestamptz AS last_accessed_at,
              NULL::jsonb AS metadata
         FROM folders
       UNION ALL
       SELECT 1, row_number() OVER (ORDER BY ${column} ${direction}, name), name, id, updated_at, created_at,
              last_accessed_at, metadata
         FROM files
     ), page AS (
       SELECT * FROM entries ORDER BY kind, pos LIMIT $4 OFFSET $5
     )
     SELECT coalesce(jsonb_agg(jsonb_build_object('name', name, 'id', id, 'updated_at', ${isoTimestamp('updated_at')},
              'created_at', ${isoTimestamp('created_at')}, 'last_accessed_at', ${isoTimestamp('last_accessed_at')},
              'metadata', metadata) ORDER BY kind, pos),
              '[]'::jsonb) AS body
       FROM page`,
    [bucket, `${escapeLike(prefix)}${escapeLike(options.search)}%`, level, options.limit, options.offset],
  );
  return rows[0]?.body ?? [];
}
