// Writes a service's web-standard Response to Node's HTTP response, with the CORS headers Supabase's gateway adds and
// its compression (http-compression.ts); a refusal sent while the client is still uploading is written whole, then the
// rest of the upload is dropped.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { compressedBody } from './http-compression.ts';

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage, ' +
    'x-supabase-api-version, accept-profile, content-profile, prefer, range, range-unit, x-upsert, cache-control, x-metadata, x-region',
  'access-control-expose-headers':
    'content-range, content-location, x-supabase-api-version, preference-applied, location, x-total-count, link',
  'access-control-max-age': '86400',
};

/**
 * How much of an unread upload the stack drops after refusing it (a 413, say), and for how long, before it cuts the
 * connection: time for any client to read the answer, not for an attacker to keep the socket busy.
 */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5000;

function headersOf(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}

async function streamBody(response: Response, target: ServerResponse): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!target.write(value)) await new Promise<void>((resolve) => target.once('drain', resolve));
  }
}

/**
 * Drops what is left of the request body; resolves once it ended, or once the client went past LINGER_BYTES or
 * LINGER_MS, having cut the connection.
 */
function dropRestOfBody(incoming: IncomingMessage): Promise<void> {
  return new Promise<void>((resolve) => {
    // The web stream over the body stopped reading; its listener would queue what arrives next.
    incoming.removeAllListeners('data');
    let dropped = 0;
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const cutOff = () => {
      incoming.socket.destroy();
      done();
    };
    const timer = setTimeout(cutOff, LINGER_MS);
    incoming.on('data', (chunk: Buffer) => {
      dropped += chunk.byteLength;
      if (dropped > LINGER_BYTES) cutOff();
    });
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.resume();
  });
}

/**
 * Writes `response`. When the service answered before reading the whole body (a refusal), the answer goes out whole
 * with its length, and the response ends (letting Node close or reuse the connection) only once the rest of the
 * body was dropped: closing earlier would reset the connection under a client still sending, losing the answer.
 */
export async function writeWebResponse(response: Response, incoming: IncomingMessage, target: ServerResponse): Promise<void> {
  const isHead = incoming.method === 'HEAD';
  const headers = headersOf(response);
  if (!incoming.complete && !incoming.destroyed && response.status >= 400) {
    const body = isHead ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
    target.writeHead(response.status, { ...headers, 'content-length': String(body.byteLength) });
    target.write(body);
    await dropRestOfBody(incoming);
    target.end();
    return;
  }
  const read = isHead ? null : await compressedBody(response, incoming.url ?? '', incoming.headers['accept-encoding']);
  if (read) {
    target.writeHead(response.status, {
      ...headers,
      'content-length': String(read.bytes.byteLength),
      ...(read.gzipped ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
    });
    target.end(read.bytes);
    return;
  }
  target.writeHead(response.status, headers);
  if (!isHead) await streamBody(response, target);
  target.end();
}
