// Answers a download: the stored bytes (or their transformation) with the headers Supabase Storage sends —
// type, length, cache-control, ETag, Last-Modified — and 304 for a matching If-None-Match. Objects are
// uploaded by users and served from the stack's own origin, so a browser must never run one: the type is
// read strictly again (objects stored before uploads were checked strictly too), never sniffed (nosniff), a
// document opened anyway is sandboxed with nothing allowed (the service's headers), and a bucket meant for
// images hands anything but an inert image over as a download, never to be rendered in the page.
import type { BlobStore } from './blobs.ts';
import { objectNotFound } from './errors.ts';
import { isInertImage, parseMediaType } from './media-type.ts';
import type { BucketRow, ObjectRow } from './objects.ts';
import { transformImage, type TransformOptions } from './transform.ts';

export interface ServeOptions {
  /** HEAD: headers only. */
  head?: boolean;
  transform?: TransformOptions;
}

const OPAQUE_TYPE = 'application/octet-stream';

/** A bucket whose allowed types name an image type: what it serves in the page is a picture or nothing. */
function holdsImages(bucket: BucketRow | null): boolean {
  return (bucket?.allowed_mime_types ?? []).some((pattern) => pattern.trim().toLowerCase().startsWith('image/'));
}

function fileName(object: ObjectRow): string {
  return object.name.split('/').pop() ?? object.name;
}

/** The name to download as: the `download` parameter's, or the object's own when it must not be shown inline. */
function attachmentName(request: Request, object: ObjectRow, inline: boolean): string | null {
  const download = new URL(request.url).searchParams.get('download');
  if (download === null) return inline ? null : fileName(object);
  return download !== '' ? download : fileName(object);
}

export async function serveObject(
  request: Request,
  blobs: BlobStore,
  bucket: BucketRow | null,
  object: ObjectRow,
  options: ServeOptions = {},
): Promise<Response> {
  const headers = new Headers({
    'cache-control': object.metadata.cacheControl || 'no-cache',
    'last-modified': new Date(object.updated_at).toUTCString(),
  });
  const eTag = object.metadata.eTag;
  if (eTag && !options.transform) {
    headers.set('etag', eTag);
    if (request.headers.get('if-none-match') === eTag) return new Response(null, { status: 304, headers });
  }
  const stored = await blobs.read(object.version);
  if (!stored) throw objectNotFound();

  let data = stored;
  let contentType: string;
  let inline: boolean;
  if (options.transform) {
    ({ data, contentType } = await transformImage(stored, options.transform));
    inline = true;
  } else {
    const mediaType = parseMediaType(object.metadata.mimetype || OPAQUE_TYPE);
    contentType = mediaType?.normalised ?? OPAQUE_TYPE;
    inline = mediaType !== null && (!holdsImages(bucket) || isInertImage(mediaType.essence));
  }
  const filename = attachmentName(request, object, inline);
  if (filename !== null) headers.set('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
  headers.set('content-type', contentType);
  headers.set('content-length', String(data.byteLength));
  return new Response(options.head ? null : new Blob([new Uint8Array(data)]), { status: 200, headers });
}
