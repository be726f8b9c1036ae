// The bucket endpoints of /storage/v1: list, get, create, update, empty and delete, each run as the caller
// (storage.buckets has row-level security: without policies only the service role manages buckets).
import { asCaller, type Caller } from '../request-context.ts';
import { json } from '../service.ts';
import type { StorageContext } from './context.ts';
import { StorageError, bucketNotFound, invalidRequest } from './errors.ts';
import {
  countObjects,
  createBucket,
  deleteBucket,
  findBucket,
  listBuckets,
  updateBucket,
  type BucketSettings,
} from './objects.ts';
import { validBucketId } from './paths.ts';
import { readJsonObject } from './json-body.ts';

/** Storage's size units: decimal, so `20mb` is 20 000 000 bytes. */
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** `fileSizeLimit` as storage-js sends it: bytes, or a string such as `20mb` (three significant digits, as Storage). */
function sizeInBytes(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value) : null;
  if (!match?.[1] || !match[2]) throw invalidRequest('file_size_limit must be a size such as 1048576 or "20mb"');
  return Math.round(Number(Number.parseFloat(match[1]).toPrecision(3)) * (UNITS[match[2].toLowerCase()] ?? 1));
}

function settingsOf(body: Record<string, unknown>): BucketSettings {
  const settings: BucketSettings = {};
  if ('public' in body) settings.public = body.public === true;
  if ('file_size_limit' in body) settings.file_size_limit = sizeInBytes(body.file_size_limit);
  if ('allowed_mime_types' in body) {
    const types = body.allowed_mime_types;
    if (types !== null && (!Array.isArray(types) || !types.every((t) => typeof t === 'string'))) {
      throw invalidRequest('allowed_mime_types must be an array of strings');
    }
    settings.allowed_mime_types = types;
  }
  return settings;
}

export async function getBuckets(sc: StorageContext, request: Request, caller: Caller): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const limit = query.has('limit') ? Number(query.get('limit')) : undefined;
  const offset = query.has('offset') ? Number(query.get('offset')) : undefined;
  if ((limit !== undefined && !Number.isInteger(limit)) || (offset !== undefined && !Number.isInteger(offset))) {
    throw invalidRequest('limit and offset must be integers');
  }
  const search = query.get('search') ?? undefined;
  return json(await asCaller(sc.db, caller, (tx) => listBuckets(tx, { limit, offset, search }), { readOnly: true }));
}

export async function getBucket(sc: StorageContext, caller: Caller, id: string): Promise<Response> {
  const bucket = await asCaller(sc.db, caller, (tx) => findBucket(tx, id), { readOnly: true });
  if (!bucket) throw bucketNotFound();
  return json(bucket);
}

export async function postBucket(sc: StorageContext, request: Request, caller: Caller): Promise<Response> {
  const body = await readJsonObject(request);
  const name = typeof body.name === 'string' ? validBucketId(body.name) : null;
  const id = typeof body.id === 'string' ? validBucketId(body.id) : name;
  if (!id || !name) throw invalidRequest("body must have required property 'name'");
  await asCaller(sc.db, caller, (tx) => createBucket(tx, id, name, caller.claims.sub ?? null, settingsOf(body)));
  return json({ name });
}

export async function putBucket(sc: StorageContext, request: Request, caller: Caller, id: string): Promise<Response> {
  const settings = settingsOf(await readJsonObject(request));
  const updated = await asCaller(sc.db, caller, (tx) => updateBucket(tx, id, settings));
  if (updated === 0) throw bucketNotFound();
  return json({ message: 'Successfully updated' });
}

export async function emptyBucket(sc: StorageContext, caller: Caller, id: string): Promise<Response> {
  const versions = await asCaller(sc.db, caller, async (tx) => {
    if (!(await findBucket(tx, id))) throw bucketNotFound();
    const { rows } = await tx.query<{ version: string }>('DELETE FROM storage.objects WHERE bucket_id = $1 RETURNING version', [
      id,
    ]);
    return rows.map((row) => row.version);
  });
  await sc.blobs.remove(versions);
  return json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

export async function removeBucket(sc: StorageContext, caller: Caller, id: string): Promise<Response> {
  if ((await countObjects(sc.db, id)) > 0) {
    throw new StorageError(409, 'InvalidRequest', 'Bucket not empty', 'The bucket you tried to delete is not empty');
  }
  const deleted = await asCaller(sc.db, caller, (tx) => deleteBucket(tx, id));
  if (deleted === 0) throw bucketNotFound();
  return json({ message: 'Successfully deleted' });
}
