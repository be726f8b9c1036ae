// Reads the small JSON object bodies of storage requests (list, remove, move, sign, buckets), with a size cap.
import { entityTooLarge, invalidRequest } from './errors.ts';

const MAX_JSON_BYTES = 1024 * 1024;

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw entityTooLarge();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidRequest('Body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidRequest('Body must be a JSON object');
  return parsed as Record<string, unknown>;
}
