// The object endpoints of /storage/v1: upload, download, info, remove, list, move, copy, signed URLs and signed
// upload URLs. Every read and write of a caller's objects runs as that caller (asCaller), so storage.objects'
// policies decide; an upload through a signed upload URL was allowed when the URL was signed.
import { createHash, randomUUID } from 'node:crypto';
import { asCaller, type Caller } from '../request-context.ts';
import { json } from '../service.ts';
import type { StorageContext } from './context.ts';
import { bucketNotFound, entityTooLarge, invalidMimeType, invalidRequest, objectNotFound } from './errors.ts';
import {
  deleteObjects,
  findBucket,
  findObject,
  listObjects,
  moveObject,
  writeObject,
  type BucketRow,
  type ObjectMetadata,
} from './objects.ts';
import { parseMediaType, typeMatches } from './media-type.ts';
import { validBucketId, validObjectName, validPrefix } from './paths.ts';
import { serveObject } from './serve-object.ts';
import { signObjectUrl, signUploadUrl, transformQuery, verifyObjectUrl, verifyUploadUrl } from './signing.ts';
import { parseTransform } from './transform.ts';
import { readUploadBody } from './upload-body.ts';
import { readJsonObject } from './json-body.ts';

export interface ObjectRef {
  bucket: string;
  name: string;
}

async function existingBucket(sc: StorageContext, id: string): Promise<BucketRow> {
  const bucket = await findBucket(sc.db, id);
  if (!bucket) throw bucketNotFound();
  return bucket;
}

/** The upload's media type, read strictly and normalised, when the bucket takes it; 415 otherwise. */
function acceptedType(bucket: BucketRow, contentType: string): string {
  const mediaType = parseMediaType(contentType);
  if (!mediaType) throw invalidMimeType(contentType);
  const allowed = bucket.allowed_mime_types;
  if (allowed && allowed.length > 0 && !allowed.some((pattern) => typeMatches(pattern, mediaType.essence))) {
    throw invalidMimeType(contentType);
  }
  return mediaType.normalised;
}

function metadataOf(data: Uint8Array, contentType: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(data).digest('hex')}"`,
    size: data.byteLength,
    mimetype: contentType,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: data.byteLength,
    httpStatusCode: 200,
  };
}

/** Writes one object from the request's body as `caller`; answers its id and `bucket/name` key. */
async function storeObject(
  sc: StorageContext,
  request: Request,
  caller: Caller,
  ref: ObjectRef,
  upsertAsked: boolean,
): Promise<{ id: string; key: string }> {
  const bucket = await existingBucket(sc, ref.bucket);
  const limit = Math.min(sc.maxFileBytes, bucket.file_size_limit ?? Infinity);
  const body = await readUploadBody(request, limit);
  if (body.data.byteLength > limit) throw entityTooLarge();
  const contentType = acceptedType(bucket, body.contentType);
  const upsert = upsertAsked;
  // Read as the storage server itself: only to know which old bytes to drop once the caller's write commits.
  const previous = upsert ? await findObject(sc.db, ref.bucket, ref.name) : null;
  const version = randomUUID();
  const id = randomUUID();
  await sc.blobs.write(version, body.data);
  try {
    await asCaller(sc.db, caller, (tx) =>
      writeObject(
        tx,
        {
          id,
          bucket: ref.bucket,
          name: ref.name,
          owner: caller.claims.sub ?? null,
          version,
          metadata: metadataOf(body.data, contentType, body.cacheControl),
          userMetadata: body.userMetadata,
        },
        upsert,
      ),
    );
  } catch (error) {
    await sc.blobs.remove([version]);
    throw error;
  }
  if (previous && previous.version !== version) await sc.blobs.remove([previous.version]);
  return { id: previous?.id ?? id, key: `${ref.bucket}/${ref.name}` };
}

/** POST (create, or replace with `x-upsert: true`) and PUT (replace) of one object. */
export async function upload(
  sc: StorageContext,
  request: Request,
  caller: Caller,
  ref: ObjectRef,
  replace: boolean,
): Promise<Response> {
  const stored = await storeObject(sc, request, caller, ref, replace || request.headers.get('x-upsert') === 'true');
  return json({ Id: stored.id, Key: stored.key });
}

/** How long a signed upload URL stays valid (Storage's default, two hours). */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

/** Thrown inside a transaction only to undo it once the probe it ran has succeeded. */
class ProbeSucceeded extends Error {}

/**
 * POST /object/upload/sign/:bucket/*: signs an upload URL when the caller could upload there now (the write is
 * tried as the caller and undone), as Storage checks INSERT (and, with x-upsert, UPDATE) permission first.
 */
export async function signUpload(sc: StorageContext, request: Request, caller: Caller, ref: ObjectRef): Promise<Response> {
  await existingBucket(sc, ref.bucket);
  const upsert = request.headers.get('x-upsert') === 'true';
  const owner = caller.claims.sub ?? null;
  try {
    await asCaller(sc.db, caller, async (tx) => {
      const probe = { id: randomUUID(), bucket: ref.bucket, name: ref.name, owner, version: randomUUID() };
      await writeObject(
        tx,
        { ...probe, metadata: metadataOf(new Uint8Array(), 'application/octet-stream', 'no-cache'), userMetadata: null },
        upsert,
      );
      throw new ProbeSucceeded();
    });
  } catch (error) {
    if (!(error instanceof ProbeSucceeded)) throw error;
  }
  const url = `${ref.bucket}/${ref.name}`;
  const token = await signUploadUrl(sc.config.jwtSecret, { url, owner, upsert }, SIGNED_UPLOAD_SECONDS);
  return json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/:bucket/*?token=…: the upload a signed upload URL allows, owned by whoever signed it. */
export async function uploadSigned(sc: StorageContext, request: Request, ref: ObjectRef): Promise<Response> {
  const grant = await verifyUploadUrl(
    sc.config.jwtSecret,
    new URL(request.url).searchParams.get('token'),
    `${ref.bucket}/${ref.name}`,
  );
  const storage: Caller = {
    role: 'service_role',
    claims: { role: 'service_role', ...(grant.owner ? { sub: grant.owner } : {}) },
    token: null,
  };
  const stored = await storeObject(sc, request, storage, ref, grant.upsert);
  return json({ Key: stored.key });
}

/** GET/HEAD of an object the caller may read, optionally transformed (render/image/authenticated). */
export async function downloadAsCaller(
  sc: StorageContext,
  request: Request,
  caller: Caller,
  ref: ObjectRef,
  options: { head?: boolean; transform?: boolean } = {},
): Promise<Response> {
  const transform = options.transform
    ? parseTransform(new URL(request.url).searchParams, request.headers.get('accept'))
    : undefined;
  const object = await asCaller(sc.db, caller, (tx) => findObject(tx, ref.bucket, ref.name), { readOnly: true });
  if (!object) throw objectNotFound();
  return serveObject(request, sc.blobs, await findBucket(sc.db, ref.bucket), object, { head: options.head, transform });
}

/** GET/HEAD of an object in a public bucket: no key needed, as for `<img src>`. */
export async function downloadPublic(
  sc: StorageContext,
  request: Request,
  ref: ObjectRef,
  options: { head?: boolean; transform?: boolean } = {},
): Promise<Response> {
  const bucket = await findBucket(sc.db, ref.bucket);
  if (!bucket?.public) throw bucketNotFound();
  const transform = options.transform
    ? parseTransform(new URL(request.url).searchParams, request.headers.get('accept'))
    : undefined;
  const object = await findObject(sc.db, ref.bucket, ref.name);
  if (!object) throw objectNotFound();
  return serveObject(request, sc.blobs, bucket, object, { head: options.head, transform });
}

/** GET of a signed URL: the token names the object (and any transformation). */
export async function downloadSigned(sc: StorageContext, request: Request, ref: ObjectRef, head: boolean): Promise<Response> {
  const grant = await verifyObjectUrl(
    sc.config.jwtSecret,
    new URL(request.url).searchParams.get('token'),
    `${ref.bucket}/${ref.name}`,
  );
  const object = await findObject(sc.db, ref.bucket, ref.name);
  if (!object) throw objectNotFound();
  const transform = grant.transformations
    ? parseTransform(new URLSearchParams(grant.transformations), request.headers.get('accept'))
    : undefined;
  return serveObject(request, sc.blobs, await findBucket(sc.db, ref.bucket), object, { head, transform });
}

export async function info(sc: StorageContext, caller: Caller, ref: ObjectRef): Promise<Response> {
  const object = await asCaller(sc.db, caller, (tx) => findObject(tx, ref.bucket, ref.name), { readOnly: true });
  if (!object) throw objectNotFound();
  return json({
    id: object.id,
    name: object.name,
    version: object.version,
    bucket_id: object.bucket_id,
    size: object.metadata.size,
    content_type: object.metadata.mimetype,
    cache_control: object.metadata.cacheControl,
    etag: object.metadata.eTag,
    metadata: object.user_metadata ?? {},
    last_modified: object.updated_at,
    created_at: object.created_at,
  });
}

/** DELETE /object/:bucket with `{prefixes}`: removes what the caller may, answers with the removed rows. */
export async function removeMany(sc: StorageContext, request: Request, caller: Caller, bucket: string): Promise<Response> {
  const body = await readJsonObject(request);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > 1000 ||
    !prefixes.every((p) => typeof p === 'string')
  ) {
    throw invalidRequest('prefixes must be an array of 1 to 1000 object names');
  }
  const names = prefixes.map((name) => validObjectName(name));
  const removed = await asCaller(sc.db, caller, (tx) => deleteObjects(tx, bucket, names));
  await sc.blobs.remove(removed.map((row) => row.version));
  return json(removed);
}

export async function removeOne(sc: StorageContext, caller: Caller, ref: ObjectRef): Promise<Response> {
  const removed = await asCaller(sc.db, caller, (tx) => deleteObjects(tx, ref.bucket, [ref.name]));
  if (removed.length === 0) throw objectNotFound();
  await sc.blobs.remove(removed.map((row) => row.version));
  return json({ message: 'Successfully deleted' });
}

function numberOr(value: unknown, fallback: number, max: number): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : fallback;
  if (!Number.isInteger(number) || number < 0) throw invalidRequest('limit and offset must be non-negative integers');
  return Math.min(number, max);
}

/** POST /object/list/:bucket: one folder level, folders first, with limit, offset, sortBy and search. */
export async function list(sc: StorageContext, request: Request, caller: Caller, bucket: string): Promise<Response> {
  await existingBucket(sc, bucket);
  const body = await readJsonObject(request);
  const sortBy = typeof body.sortBy === 'object' && body.sortBy !== null ? (body.sortBy as Record<string, unknown>) : {};
  const prefix = typeof body.prefix === 'string' ? validPrefix(body.prefix) : '';
  const options = {
    prefix,
    limit: numberOr(body.limit, 100, 1000),
    offset: numberOr(body.offset, 0, Number.MAX_SAFE_INTEGER),
    sortColumn: typeof sortBy.column === 'string' ? sortBy.column : 'name',
    sortOrder: typeof sortBy.order === 'string' ? sortBy.order : 'asc',
    search: typeof body.search === 'string' ? body.search : '',
  };
  const entries = await asCaller(sc.db, caller, (tx) => listObjects(tx, bucket, options), { readOnly: true });
  return json(entries);
}

function transferRefs(body: Record<string, unknown>): { from: ObjectRef; to: ObjectRef } {
  const { bucketId, sourceKey, destinationKey, destinationBucket } = body;
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw invalidRequest('bucketId, sourceKey and destinationKey are required');
  }
  const from = { bucket: validBucketId(bucketId), name: validObjectName(sourceKey) };
  const toBucket =
    typeof destinationBucket === 'string' && destinationBucket !== '' ? validBucketId(destinationBucket) : from.bucket;
  return { from, to: { bucket: toBucket, name: validObjectName(destinationKey) } };
}

/** POST /object/move: a rename as the caller (SELECT + UPDATE policies); the bytes do not move. */
export async function move(sc: StorageContext, request: Request, caller: Caller): Promise<Response> {
  const { from, to } = transferRefs(await readJsonObject(request));
  await existingBucket(sc, to.bucket);
  const moved = await asCaller(sc.db, caller, (tx) => moveObject(tx, from, to));
  if (moved === 0) throw objectNotFound();
  return json({ message: 'Successfully moved' });
}

/** POST /object/copy: reads the source and writes a new object as the caller (SELECT + INSERT policies). */
export async function copy(sc: StorageContext, request: Request, caller: Caller): Promise<Response> {
  const { from, to } = transferRefs(await readJsonObject(request));
  await existingBucket(sc, to.bucket);
  const upsert = request.headers.get('x-upsert') === 'true';
  const previous = upsert ? await findObject(sc.db, to.bucket, to.name) : null;
  const version = randomUUID();
  const id = randomUUID();
  try {
    await asCaller(sc.db, caller, async (tx) => {
      const source = await findObject(tx, from.bucket, from.name);
      const data = source ? await sc.blobs.read(source.version) : null;
      if (!source || !data) throw objectNotFound();
      await sc.blobs.write(version, data);
      const metadata = { ...source.metadata, lastModified: new Date().toISOString() };
      await writeObject(
        tx,
        {
          id,
          bucket: to.bucket,
          name: to.name,
          owner: caller.claims.sub ?? null,
          version,
          metadata,
          userMetadata: source.user_metadata,
        },
        upsert,
      );
    });
  } catch (error) {
    await sc.blobs.remove([version]);
    throw error;
  }
  if (previous) await sc.blobs.remove([previous.version]);
  return json({ Id: previous?.id ?? id, Key: `${to.bucket}/${to.name}` });
}

function expiresInOf(body: Record<string, unknown>): number {
  const expiresIn = Number(body.expiresIn);
  if (!Number.isInteger(expiresIn) || expiresIn < 1) throw invalidRequest('expiresIn must be a positive integer');
  return expiresIn;
}

/** POST /object/sign/:bucket/*: a signed URL for one object the caller may read. */
export async function signOne(sc: StorageContext, request: Request, caller: Caller, ref: ObjectRef): Promise<Response> {
  const body = await readJsonObject(request);
  const expiresIn = expiresInOf(body);
  const object = await asCaller(sc.db, caller, (tx) => findObject(tx, ref.bucket, ref.name), { readOnly: true });
  if (!object) throw objectNotFound();
  const transformations = transformQuery(body.transform);
  const token = await signObjectUrl(sc.config.jwtSecret, { url: `${ref.bucket}/${ref.name}`, transformations }, expiresIn);
  const route = transformations ? 'render/image/sign' : 'object/sign';
  return json({ signedURL: `/${route}/${ref.bucket}/${ref.name}?token=${token}` });
}

/** POST /object/sign/:bucket with `{expiresIn, paths}`: one entry per path, an error where it cannot be read. */
export async function signMany(sc: StorageContext, request: Request, caller: Caller, bucket: string): Promise<Response> {
  const body = await readJsonObject(request);
  const expiresIn = expiresInOf(body);
  const paths = body.paths;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string'))
    throw invalidRequest('paths must be an array of object names');
  const names = paths.map((name) => validObjectName(name));
  const visible = await asCaller(
    sc.db,
    caller,
    async (tx) => {
      const { rows } = await tx.query<{ name: string }>(
        'SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY ($2::text[])',
        [bucket, names],
      );
      return new Set(rows.map((row) => row.name));
    },
    { readOnly: true },
  );
  const entries = await Promise.all(
    names.map(async (path) => {
      if (!visible.has(path))
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const token = await signObjectUrl(sc.config.jwtSecret, { url: `${bucket}/${path}` }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    }),
  );
  return json(entries);
}
