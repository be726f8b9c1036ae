// Reads the small JSON object bodies of storage requests (list, remove, move, sign, buckets) as a stream, with
// Supabase Storage's own cap (Fastify's default body limit of 1 MiB: room for a remove of 1,000 long paths).
import { BodyTooLarge, InvalidJson, parseJsonText, readBodyText } from '../request-body.ts';
import { entityTooLarge, invalidRequest } from './errors.ts';

export const MAX_STORAGE_JSON_BYTES = 1024 * 1024;

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readBodyText(request, MAX_STORAGE_JSON_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLarge) throw entityTooLarge();
    throw error;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = parseJsonText(text);
  } catch (error) {
    if (error instanceof InvalidJson) throw invalidRequest('Body is not valid JSON');
    throw error;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidRequest('Body must be a JSON object');
  return parsed as Record<string, unknown>;
}
