// The Supabase Storage API at /storage/v1: routes each request to its bucket or object handler, identifies the
// caller where the route needs one (public and signed reads need none), and answers errors in Storage's shape;
// every answer carries the headers that keep a browser from running what it serves.
import { identifyCaller, type Caller } from '../request-context.ts';
import type { RequestInfo, StackContext, StackService } from '../service.ts';
import { blobStoreFor, type BlobStore } from './blobs.ts';
import type { StorageContext } from './context.ts';
import { StorageError, toStorageError } from './errors.ts';
import { emptyBucket, getBucket, getBuckets, postBucket, putBucket, removeBucket } from './bucket-handlers.ts';
import {
  copy,
  downloadAsCaller,
  downloadPublic,
  downloadSigned,
  info,
  list,
  move,
  removeMany,
  removeOne,
  signMany,
  signOne,
  signUpload,
  upload,
  uploadSigned,
} from './object-handlers.ts';
import { listV2 } from './list-v2.ts';
import { bucketFromSegment, splitObjectPath } from './paths.ts';

export interface StorageOptions {
  /** Where object bytes live; by default files under `<dataDir>/storage`, or memory without a dataDir. */
  blobs?: BlobStore;
  /** Largest upload accepted (Supabase's default global limit is 50 MB). */
  maxFileBytes?: number;
}

const DEFAULT_MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * On every answer: objects are users' bytes served from the stack's origin, so the browser never guesses a
 * type, and a document opened anyway runs nothing and reaches nothing (an opaque origin, no scripts, no loads).
 */
const CONTAINMENT_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
};

function contained(response: Response): Response {
  for (const [name, value] of Object.entries(CONTAINMENT_HEADERS)) response.headers.set(name, value);
  return response;
}

type Route = (request: Request, caller: () => Promise<Caller>) => Promise<Response>;

function routeNotFound(method: string, path: string): StorageError {
  return new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${path} not found`);
}

/** Picks the handler for a method and the path below /storage/v1 (still percent-encoded). */
function route(sc: StorageContext, method: string, path: string): Route | null {
  const segments = path.split('/').slice(1);
  const [area, second, third] = segments;
  const isRead = method === 'GET' || method === 'HEAD';
  const head = method === 'HEAD';
  const decodedId = bucketFromSegment;

  if (area === 'bucket') {
    if (second === undefined || second === '') {
      if (method === 'GET') return (request, caller) => caller().then((c) => getBuckets(sc, request, c));
      if (method === 'POST') return (request, caller) => caller().then((c) => postBucket(sc, request, c));
      return null;
    }
    const id = decodedId(second);
    if (segments.length === 3 && third === 'empty' && method === 'POST')
      return (_request, caller) => caller().then((c) => emptyBucket(sc, c, id));
    if (segments.length !== 2) return null;
    if (method === 'GET') return (_request, caller) => caller().then((c) => getBucket(sc, c, id));
    if (method === 'PUT') return (request, caller) => caller().then((c) => putBucket(sc, request, c, id));
    if (method === 'DELETE') return (_request, caller) => caller().then((c) => removeBucket(sc, c, id));
    return null;
  }

  if (area === 'render' && second === 'image' && isRead) {
    const ref = () => splitObjectPath(segments.slice(3));
    if (third === 'public') return (request) => downloadPublic(sc, request, ref(), { head, transform: true });
    if (third === 'authenticated')
      return (request, caller) => caller().then((c) => downloadAsCaller(sc, request, c, ref(), { head, transform: true }));
    if (third === 'sign') return (request) => downloadSigned(sc, request, ref(), head);
    return null;
  }

  if (area !== 'object' || second === undefined) return null;
  const rest = segments.slice(2);
  switch (second) {
    case 'public':
      return isRead ? (request) => downloadPublic(sc, request, splitObjectPath(rest), { head }) : null;
    case 'authenticated':
      return isRead
        ? (request, caller) => caller().then((c) => downloadAsCaller(sc, request, c, splitObjectPath(rest), { head }))
        : null;
    case 'info': {
      const target = rest[0] === 'public' || rest[0] === 'authenticated' ? rest.slice(1) : rest;
      return method === 'GET' ? (_request, caller) => caller().then((c) => info(sc, c, splitObjectPath(target))) : null;
    }
    case 'sign':
      if (isRead) return (request) => downloadSigned(sc, request, splitObjectPath(rest), head);
      if (method !== 'POST' || rest[0] === undefined) return null;
      if (rest.length === 1) return (request, caller) => caller().then((c) => signMany(sc, request, c, decodedId(rest[0] ?? '')));
      return (request, caller) => caller().then((c) => signOne(sc, request, c, splitObjectPath(rest)));
    case 'upload':
      if (rest[0] !== 'sign' || rest.length < 3) return null;
      if (method === 'POST')
        return (request, caller) => caller().then((c) => signUpload(sc, request, c, splitObjectPath(rest.slice(1))));
      if (method === 'PUT') return (request) => uploadSigned(sc, request, splitObjectPath(rest.slice(1)));
      return null;
    case 'list-v2':
      return method === 'POST' && rest.length === 1
        ? (request, caller) => caller().then((c) => listV2(sc, request, c, decodedId(rest[0] ?? '')))
        : null;
    case 'list':
      return method === 'POST' && rest.length === 1
        ? (request, caller) => caller().then((c) => list(sc, request, c, decodedId(rest[0] ?? '')))
        : null;
    case 'move':
      return method === 'POST' && rest.length === 0 ? (request, caller) => caller().then((c) => move(sc, request, c)) : null;
    case 'copy':
      return method === 'POST' && rest.length === 0 ? (request, caller) => caller().then((c) => copy(sc, request, c)) : null;
    default:
      break;
  }
  const objectPath = segments.slice(1);
  if (method === 'DELETE' && objectPath.length === 1)
    return (request, caller) => caller().then((c) => removeMany(sc, request, c, decodedId(second)));
  if (method === 'DELETE') return (_request, caller) => caller().then((c) => removeOne(sc, c, splitObjectPath(objectPath)));
  if (method === 'POST' || method === 'PUT') {
    return (request, caller) => caller().then((c) => upload(sc, request, c, splitObjectPath(objectPath), method === 'PUT'));
  }
  if (isRead)
    return (request, caller) => caller().then((c) => downloadAsCaller(sc, request, c, splitObjectPath(objectPath), { head }));
  return null;
}

export function createStorageService(ctx: StackContext, options: StorageOptions = {}): StackService {
  const sc: StorageContext = {
    db: ctx.db,
    config: ctx.config,
    blobs: options.blobs ?? blobStoreFor(ctx.config.dataDir),
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
  };
  return {
    prefix: '/storage/v1',
    async handle(request: Request, info: RequestInfo): Promise<Response> {
      try {
        const handler = route(sc, request.method, info.path);
        if (!handler) throw routeNotFound(request.method, info.path);
        return contained(await handler(request, () => identifyCaller(request, sc.config)));
      } catch (error) {
        return contained(toStorageError(error).toResponse());
      }
    },
  };
}
