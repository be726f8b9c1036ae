// Errors of the Storage service in Supabase Storage's shape: HTTP 400 (or 500) with the real status in the body.
import { isClientGone } from '../request-body.ts';
import { GatewayError } from '../request-context.ts';
import { json } from '../service.ts';

export class StorageError extends Error {
  constructor(
    /** The real status, sent as a string in `statusCode` (storage-js reads it from the body). */
    readonly statusCode: number,
    readonly code: string,
    /** Storage's legacy error name, e.g. `not_found`, `Duplicate`, `Unauthorized`. */
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  toResponse(): Response {
    // Supabase Storage answers 400 for every client error and 500 for its own; the body carries the truth.
    const httpStatus = this.statusCode >= 500 ? 500 : 400;
    return json({ statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message }, httpStatus);
  }
}

export const objectNotFound = (): StorageError => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found');
export const bucketNotFound = (): StorageError => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const invalidKey = (key: string): StorageError =>
  new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`);
export const invalidRequest = (message: string): StorageError =>
  new StorageError(400, 'InvalidRequest', 'Invalid Input', message);
export const entityTooLarge = (): StorageError =>
  new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size');
export const invalidMimeType = (type: string): StorageError =>
  new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`);
export const accessDenied = (message: string): StorageError => new StorageError(403, 'AccessDenied', 'Unauthorized', message);
export const invalidJwt = (message: string): StorageError => new StorageError(400, 'InvalidJWT', 'Unauthorized', message);

/** Fields that the `pg` driver and PGlite put on a server error. */
function sqlState(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** Any failure of a storage request as the StorageError Supabase Storage would answer with. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof GatewayError) return invalidJwt(error.message);
  const message = error instanceof Error ? error.message : String(error);
  switch (sqlState(error)) {
    case '42501':
      return accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
    case '23505':
      return new StorageError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists');
    case '23503':
      return bucketNotFound();
    case '22P02':
    case '22023':
      return invalidRequest(message);
    default:
      if (!isClientGone(error)) console.error('[storage]', error);
      return new StorageError(500, 'InternalError', 'internal', 'Internal Server Error');
  }
}
