// The stack's front door: a Node HTTP server that turns requests into web-standard ones, adds CORS as
// Supabase's gateway does, and hands each to the service whose prefix matches.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { GatewayError } from './request-context.ts';
import { json, type StackService } from './service.ts';

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

const normaliseAddress = (address: string): string => address.replace(/^::ffff:/, '');

/**
 * The caller's address. `X-Forwarded-For` is believed only from a trusted proxy (a load balancer in front
 * of the stack); anyone else could write any address there and walk past an IP block.
 */
export function clientIp(request: IncomingMessage, trustedProxies: readonly string[] = []): string {
  const peer = normaliseAddress(request.socket.remoteAddress ?? '0.0.0.0');
  if (!trustedProxies.includes(peer)) return peer;
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first ? normaliseAddress(first) : peer;
}

function toWebRequest(request: IncomingMessage, baseUrl: string): Request {
  const url = new URL(request.url ?? '/', baseUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit & { duplex?: 'half' });
}

async function writeWebResponse(response: Response, target: ServerResponse, isHead: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = { ...CORS_HEADERS };
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  target.writeHead(response.status, headers);
  if (!response.body || isHead) {
    target.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!target.write(value)) await new Promise<void>((resolve) => target.once('drain', resolve));
  }
  target.end();
}

export interface HttpFrontDoor {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  host?: string;
  /** Peers whose X-Forwarded-For header names the real client (see clientIp). */
  trustedProxies?: readonly string[];
}

export async function listen(services: readonly StackService[], port: number, options: ListenOptions = {}): Promise<HttpFrontDoor> {
  const host = options.host ?? '127.0.0.1';
  const trustedProxies = options.trustedProxies ?? [];
  const byLongestPrefix = [...services].sort((a, b) => b.prefix.length - a.prefix.length);
  const find = (pathname: string) =>
    byLongestPrefix.find((service) => pathname === service.prefix || pathname.startsWith(`${service.prefix}/`));

  const server = http.createServer((incoming, outgoing) => {
    void (async () => {
      const baseUrl = `http://${incoming.headers.host ?? `${host}:${port}`}`;
      let response: Response;
      try {
        if (incoming.method === 'OPTIONS') {
          response = new Response(null, { status: 204 });
        } else {
          const request = toWebRequest(incoming, baseUrl);
          const url = new URL(request.url);
          const service = find(url.pathname);
          response = service
            ? await service.handle(request, { path: url.pathname.slice(service.prefix.length) || '/', url, ip: clientIp(incoming, trustedProxies) })
            : json({ message: 'no Route matched with those values' }, 404);
        }
      } catch (error) {
        response =
          error instanceof GatewayError
            ? json(error.body, error.status)
            : json({ code: 'XX000', message: error instanceof Error ? error.message : String(error), details: null, hint: null }, 500);
        if (!(error instanceof GatewayError)) console.error('[stack]', error);
      }
      await writeWebResponse(response, outgoing, incoming.method === 'HEAD').catch(() => outgoing.destroy());
    })();
  });

  // Upgraded sockets (Realtime) are no longer the HTTP server's to close, yet its close waits for them.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const service = find(pathname);
    if (service?.upgrade) service.upgrade(request, socket, head);
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    server,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
        upgraded.clear();
      }),
  };
}
