// Reads a request body as JSON within a size limit (413 beyond it, 400 PGRST102 when it is not JSON or nests too deep).
import { BodyTooLarge, InvalidJson, parseJsonText, readBodyText } from '../request-body.ts';
import { ApiError } from './errors.ts';

/** PostgREST's bodies: a push of many offline documents fits; anything bigger is refused before it is buffered. */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  let text: string;
  try {
    text = await readBodyText(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw new ApiError(413, 'PGRST413', 'Request size limit exceeded', error.message);
    throw error;
  }
  if (text.trim() === '') return undefined;
  try {
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof InvalidJson) throw new ApiError(400, 'PGRST102', 'Empty or invalid json', error.message);
    throw error;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
