// Reads an upload as storage-js sends it: a raw body with its headers, or multipart/form-data (a file part plus
// the cacheControl and metadata fields), read as a stream and refused as soon as it passes the size limit.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { BodyTooLarge, InvalidJson, limitedBodyStream, parseJsonText, readBodyBytes } from '../request-body.ts';
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

function parseMetadata(text: string | null | undefined, base64: boolean): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed = parseJsonText(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof InvalidJson)) throw error;
  }
  throw invalidRequest('Invalid metadata');
}

/** A `cache-control` header value or the bare seconds of the multipart field, as Supabase stores it. */
function cacheControlOf(value: string | null | undefined): string {
  if (!value) return DEFAULT_CACHE_CONTROL;
  return /^\d+$/.test(value) ? `max-age=${value}` : value;
}

/** Room for the multipart framing and the small fields (cacheControl, contentType, metadata) beside the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function readMultipart(request: Request, maxBytes: number): Promise<UploadBody> {
  return new Promise<UploadBody>((resolve, reject) => {
    const fields = new Map<string, string>();
    let file: { data: Uint8Array; contentType: string } | null = null;
    let settled = false;
    let source: Readable | null = null;
    let parser: busboy.Busboy;
    // Answers at the first problem and stops reading: the front door drops whatever the client still sends.
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      source?.unpipe(parser);
      source?.pause();
      reject(error);
    };
    try {
      parser = busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: MULTIPART_OVERHEAD_BYTES },
      });
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
        chunks.length = 0;
        fail(entityTooLarge());
      });
      stream.on('close', () => {
        if (!file) file = { data: Buffer.concat(chunks), contentType: info.mimeType || DEFAULT_CONTENT_TYPE };
      });
    });
    parser.on('error', () => {
      fail(invalidRequest('Malformed multipart body'));
    });
    parser.on('close', () => {
      if (settled) return;
      if (!file) {
        fail(invalidRequest('No file was uploaded'));
        return;
      }
      settled = true;
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
    let body: ReadableStream<Uint8Array> | null;
    try {
      body = limitedBodyStream(request, maxBytes + MULTIPART_OVERHEAD_BYTES);
    } catch {
      reject(entityTooLarge());
      return;
    }
    if (!body) {
      reject(invalidRequest('Empty multipart body'));
      return;
    }
    source = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
    source.on('error', (error) => {
      fail(error instanceof BodyTooLarge ? entityTooLarge() : invalidRequest('Malformed multipart body'));
    });
    source.pipe(parser);
  });
}

/** The upload, refused with 413 as soon as it passes `maxBytes` (or declares more). */
export async function readUploadBody(request: Request, maxBytes: number): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) return readMultipart(request, maxBytes);
  let data: Buffer;
  try {
    data = await readBodyBytes(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw entityTooLarge();
    throw error;
  }
  return {
    data,
    contentType: contentType || DEFAULT_CONTENT_TYPE,
    cacheControl: cacheControlOf(request.headers.get('cache-control')),
    userMetadata: parseMetadata(request.headers.get('x-metadata'), true),
  };
}
