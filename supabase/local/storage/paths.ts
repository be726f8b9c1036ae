// Bucket ids and object names taken from request paths: percent-decoded and validated (no traversal, no control
// characters), as Supabase Storage accepts them.
import { invalidKey, invalidRequest } from './errors.ts';

const MAX_KEY_BYTES = 1024;
const BUCKET_ID = /^[\w!\-.*'() &$@=;:+,?]{1,100}$/u;
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/u;

/** Checks a bucket id as Supabase does; `.` and `..` are refused outright. */
export function validBucketId(id: string): string {
  if (!BUCKET_ID.test(id) || id === '.' || id === '..') throw invalidRequest(`Invalid bucket name: ${id}`);
  return id;
}

/** Checks an object name: relative, `/`-separated, no empty, `.` or `..` segment, at most 1 KiB. */
export function validObjectName(name: string): string {
  const segments = name.split('/');
  const bad =
    name.length === 0 ||
    new TextEncoder().encode(name).length > MAX_KEY_BYTES ||
    FORBIDDEN.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw invalidKey(name);
  return name;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidKey(segment);
  }
}

/** A bucket id as it arrives in a URL segment (percent-encoded). */
export function bucketFromSegment(raw: string): string {
  return validBucketId(decode(raw));
}

/** `bucket/dir/file.png` (still percent-encoded, as it arrives in the URL) → its bucket and object name. */
export function splitObjectPath(rawSegments: readonly string[]): { bucket: string; name: string } {
  const [rawBucket, ...rest] = rawSegments;
  if (rawBucket === undefined || rawBucket === '') throw invalidRequest('Missing bucket name');
  const bucket = validBucketId(decode(rawBucket));
  const name = validObjectName(rest.map(decode).join('/'));
  return { bucket, name };
}

/** A path prefix for listing or removal: the same rules, but empty is allowed and a trailing `/` is kept. */
export function validPrefix(prefix: string): string {
  if (prefix === '') return prefix;
  validObjectName(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}
