// Answers a download: the stored bytes (or their transformation) with the headers Supabase Storage sends —
// type, length, cache-control, ETag, Last-Modified — and 304 for a matching If-None-Match.
import type { BlobStore } from './blobs.ts';
import { objectNotFound } from './errors.ts';
import type { ObjectRow } from './objects.ts';
import { transformImage, type TransformOptions } from './transform.ts';

export interface ServeOptions {
  /** HEAD: headers only. */
  head?: boolean;
  transform?: TransformOptions;
}

function attachmentName(request: Request, object: ObjectRow): string | null {
  const download = new URL(request.url).searchParams.get('download');
  if (download === null) return null;
  return download !== '' ? download : (object.name.split('/').pop() ?? object.name);
}

export async function serveObject(request: Request, blobs: BlobStore, object: ObjectRow, options: ServeOptions = {}): Promise<Response> {
  const headers = new Headers({
    'cache-control': object.metadata.cacheControl || 'no-cache',
    'last-modified': new Date(object.updated_at).toUTCString(),
  });
  const eTag = object.metadata.eTag;
  if (eTag && !options.transform) {
    headers.set('etag', eTag);
    if (request.headers.get('if-none-match') === eTag) return new Response(null, { status: 304, headers });
  }
  const filename = attachmentName(request, object);
  if (filename !== null) headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);

  const stored = await blobs.read(object.version);
  if (!stored) throw objectNotFound();
  let data = stored;
  let contentType = object.metadata.mimetype || 'application/octet-stream';
  if (options.transform) ({ data, contentType } = await transformImage(stored, options.transform));
  headers.set('content-type', contentType);
  headers.set('content-length', String(data.byteLength));
  return new Response(options.head ? null : new Blob([new Uint8Array(data)]), { status: 200, headers });
}
