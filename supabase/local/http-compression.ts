// Response compression as Supabase's gateway applies it to PostgREST (which never compresses by itself; hosted
// projects gzip its answers at the proxy): a REST answer in JSON, CSV or text of at least MIN_BYTES goes out gzipped
// to a client that accepts gzip. Other services' answers (Storage's files byte for byte) go out as they are.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Below this an answer is sent as it is: the gzip header and the CPU would cost more than the bytes saved. */
export const MIN_BYTES = 1024;

/** The media types compressed: JSON of every kind (PostgREST's vnd.pgrst.* and +json too), CSV and plain text. */
function compressible(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') || type === 'text/csv' || type === 'text/plain';
}

/** Whether `Accept-Encoding` takes gzip (by name or `*`, with a weight above zero). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [name, ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** A body read whole to be compressed: gzipped, or as it was when it turned out smaller than MIN_BYTES. */
export interface ReadBody {
  readonly bytes: Buffer;
  readonly gzipped: boolean;
}

/** The answers compressed: PostgREST's. */
const COMPRESSED_PREFIX = '/rest/v1/';

/**
 * The body of `response` to the request for `path` from a client sending `acceptEncoding`, read whole when it may be
 * compressed; null when it streams out as it is (then `response`'s body has not been read).
 */
export async function compressedBody(
  response: Response,
  path: string,
  acceptEncoding: string | undefined,
): Promise<ReadBody | null> {
  const { headers } = response;
  if (!path.startsWith(COMPRESSED_PREFIX)) return null;
  if (!response.body || response.status === 204 || response.status === 304) return null;
  if (!acceptsGzip(acceptEncoding) || !compressible(headers.get('content-type'))) return null;
  if (headers.has('content-encoding')) return null;
  const declared = headers.get('content-length');
  if (declared !== null && Number(declared) < MIN_BYTES) return null;
  const body = Buffer.from(await response.arrayBuffer());
  // An answer of unknown length read whole and found small is sent plain all the same.
  if (body.byteLength < MIN_BYTES) return { bytes: body, gzipped: false };
  return { bytes: await gzipAsync(body), gzipped: true };
}
