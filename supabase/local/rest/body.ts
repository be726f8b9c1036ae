// Reads a request body as JSON within a size limit (413 beyond it, 400 PGRST102 when it is not JSON).
import { ApiError } from './errors.ts';

export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'PGRST413', 'Request size limit exceeded', `The body is larger than ${limit} bytes.`);
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error instanceof Error ? error.message : null);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
