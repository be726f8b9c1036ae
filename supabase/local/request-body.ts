// Reads request bodies for every service of the stack: as a stream, stopping at the route's byte limit before
// buffering more, and JSON with a nesting limit, so no body can exhaust memory or the stack.

/** Deepest JSON nesting accepted from a client (V8's JSON.stringify overflows its stack near 4,000 levels). */
export const MAX_JSON_DEPTH = 512;

/** The body is (or is declared) larger than the route's limit: the service answers 413. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The body is larger than ${limit} bytes.`);
  }
}

/** The body is not JSON, or nests deeper than MAX_JSON_DEPTH: the service answers 400. */
export class InvalidJson extends Error {}

/** The Content-Length the client declared, when it is a valid number. */
function declaredLength(request: Request): number | null {
  const header = request.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/** Refuses a request whose declared Content-Length is over `limit`, before a byte of the body is read. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) throw new BodyTooLarge(limit);
}

/**
 * The whole body, read chunk by chunk and refused as soon as it passes `limit` bytes. The rest of the stream
 * is left unread (cancelling it would reset the connection before the 413 goes out); the front door drops it.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  checkDeclaredLength(request, limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, size);
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  return (await readBodyBytes(request, limit)).toString('utf8');
}

/** True when `text` opens more than `maxDepth` arrays or objects inside one another (strings are skipped). */
function nestsDeeperThan(text: string, maxDepth: number): boolean {
  // Each level takes at least one character: a short text cannot be too deep.
  if (text.length <= maxDepth) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** JSON.parse, refusing nesting deeper than MAX_JSON_DEPTH (later code walks values recursively). */
export function parseJsonText(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new InvalidJson(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InvalidJson(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A copy of `request` whose body stream fails with BodyTooLarge once more than `limit` bytes went through:
 * for consumers that need the stream itself (multipart parsing).
 */
export function limitedBodyStream(request: Request, limit: number): ReadableStream<Uint8Array> | null {
  checkDeclaredLength(request, limit);
  if (!request.body) return null;
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) controller.error(new BodyTooLarge(limit));
      else controller.enqueue(chunk);
    },
  });
  // The source is not cancelled on overflow, for the same reason as in readBodyBytes.
  return request.body.pipeThrough(counter, { preventCancel: true });
}

/**
 * The client went away while its request was being read (a closed tab, an app killed mid-upload): there is no one
 * to answer and nothing went wrong here, so the services do not log it as an error.
 */
export function isClientGone(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return code === 'ECONNRESET' || error.message === 'aborted';
}
