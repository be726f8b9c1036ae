// Reads an upload as storage-js sends it: a raw body with its headers, or multipart/form-data (a file part plus
// the cacheControl and metadata fields), up to a size limit.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { entityTooLarge, invalidRequest } from './errors.ts';

export interface UploadBody {
  data: Uint8Array;
  contentType: string;
  /** As Supabase stores it, e.g. `max-age=3600`. */
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const DEFAULT_CACHE_CONTROL = 'no-cache';

async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw entityTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function parseMetadata(text: string | null | undefined, base64: boolean): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through to the error below
  }
  throw invalidRequest('Invalid metadata');
}

/** A `cache-control` header value or the bare seconds of the multipart field, as Supabase stores it. */
function cacheControlOf(value: string | null | undefined): string {
  if (!value) return DEFAULT_CACHE_CONTROL;
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

function readMultipart(request: Request, maxBytes: number): Promise<UploadBody> {
  return new Promise<UploadBody>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: { data: Uint8Array; contentType: string } | null = null;
    let failure: Error | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': request.headers.get('content-type') ?? '' }, limits: { fileSize: maxBytes, files: 1 } });
    } catch {
      reject(invalidRequest('Malformed multipart body'));
      return;
    }
    parser.on('field', (name, value) => {
      fields.set(name, value);
    });
    parser.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        failure = entityTooLarge();
      });
      stream.on('close', () => {
        if (!file) file = { data: Buffer.concat(chunks), contentType: info.mimeType || DEFAULT_CONTENT_TYPE };
      });
    });
    parser.on('error', () => {
      reject(invalidRequest('Malformed multipart body'));
    });
    parser.on('close', () => {
      if (failure || !file) {
        reject(failure ?? invalidRequest('No file was uploaded'));
        return;
      }
      try {
        resolve({
          data: file.data,
          contentType: fields.get('contentType') ?? file.contentType,
          cacheControl: cacheControlOf(fields.get('cacheControl')),
          userMetadata: parseMetadata(fields.get('metadata'), false),
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    if (!request.body) {
      reject(invalidRequest('Empty multipart body'));
      return;
    }
    Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>).pipe(parser);
  });
}

export async function readUploadBody(request: Request, maxBytes: number): Promise<UploadBody> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw entityTooLarge();
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) return readMultipart(request, maxBytes);
  return {
    data: await readLimited(request.body, maxBytes),
    contentType: contentType || DEFAULT_CONTENT_TYPE,
    cacheControl: cacheControlOf(request.headers.get('cache-control')),
    userMetadata: parseMetadata(request.headers.get('x-metadata'), true),
  };
}
