// The stack's front door: a Node HTTP server that turns requests into web-standard ones, adds CORS as
// Supabase's gateway does, and hands each to the service whose prefix matches.
import http, { type IncomingMessage } from 'node:http';
import { Readable, type Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { canonicalIp, parseIp } from './ip-address.ts';
import { GatewayError } from './request-context.ts';
import { BodyTooLarge, InvalidJson, isClientGone } from './request-body.ts';
import { json, type StackService } from './service.ts';
import { writeWebResponse } from './http-response.ts';

/**
 * The caller's address, in its one canonical spelling (ip-address.ts: IPv4-mapped IPv6 is the IPv4 address).
 * `X-Forwarded-For` is believed only from a trusted proxy (a load balancer in front of the stack), and only as
 * far as trusted proxies wrote it: read from the right, the first address that is not a trusted proxy is the
 * client (anything left of it was written by the client and proves nothing).
 */
export function clientIp(request: IncomingMessage, trustedProxies: readonly string[] = []): string {
  const peer = canonicalIp(request.socket.remoteAddress ?? '0.0.0.0');
  if (!trustedProxies.includes(peer)) return peer;
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  let resolved = peer;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = parseIp(hops[index]?.trim() ?? '')?.address;
    if (hop === undefined) break;
    resolved = hop;
    if (!trustedProxies.includes(hop)) break;
  }
  return resolved;
}

/**
 * The request as the services see it: X-Forwarded-For and X-Real-IP say the address the front door resolved,
 * whatever the client wrote there, so SQL reading them (`ip_da_requisicao()`) gets the real caller.
 */
function toWebRequest(request: IncomingMessage, baseUrl: string, ip: string): Request {
  const url = new URL(request.url ?? '/', baseUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for' || name === 'x-real-ip') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set('x-forwarded-for', ip);
  headers.set('x-real-ip', ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (Readable.toWeb(request) as ReadableStream<Uint8Array>) : undefined,
    duplex: hasBody ? 'half' : undefined,
  } as RequestInit & { duplex?: 'half' });
}

export interface HttpFrontDoor {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** Decides, before any service runs, whether a caller is let in at all (blocked addresses). */
export interface RequestGuard {
  /** The answer refusing a request from `ip` to `pathname`, or null to let it through. */
  refusal(ip: string, pathname: string): Promise<Response | null>;
  /** Told of every request a service answered (e.g. to notice writes that change the guard's rules). */
  answered?(method: string, pathname: string): void;
}

export interface ListenOptions {
  host?: string;
  /** Peers whose X-Forwarded-For header names the real client (see clientIp). */
  trustedProxies?: readonly string[];
  guard?: RequestGuard;
}

/** Errors a service let through, in the shape the platform's gateway would answer with. */
function errorResponse(error: unknown): Response {
  if (error instanceof GatewayError) return json(error.body, error.status);
  if (error instanceof BodyTooLarge) return json({ code: 'request_entity_too_large', message: error.message }, 413);
  if (error instanceof InvalidJson) return json({ code: 'bad_json', message: error.message }, 400);
  if (!isClientGone(error)) console.error('[stack]', error);
  return json({ code: 'XX000', message: error instanceof Error ? error.message : String(error), details: null, hint: null }, 500);
}

/** Answers an upgrade request on its raw socket (the HTTP server no longer writes to it). */
async function refuseUpgrade(socket: Duplex, response: Response): Promise<void> {
  const body = await response.text();
  const lines = [`HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status] ?? ''}`];
  response.headers.forEach((value, name) => lines.push(`${name}: ${value}`));
  lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

export async function listen(
  services: readonly StackService[],
  port: number,
  options: ListenOptions = {},
): Promise<HttpFrontDoor> {
  const host = options.host ?? '127.0.0.1';
  const trustedProxies = options.trustedProxies ?? [];
  const guard = options.guard;
  const byLongestPrefix = [...services].sort((a, b) => b.prefix.length - a.prefix.length);
  const find = (pathname: string) =>
    byLongestPrefix.find((service) => pathname === service.prefix || pathname.startsWith(`${service.prefix}/`));

  async function answer(incoming: IncomingMessage, baseUrl: string, signal: AbortSignal): Promise<Response> {
    if (incoming.method === 'OPTIONS') return new Response(null, { status: 204 });
    const ip = clientIp(incoming, trustedProxies);
    const request = toWebRequest(incoming, baseUrl, ip);
    const url = new URL(request.url);
    const refusal = await guard?.refusal(ip, url.pathname);
    if (refusal) return refusal;
    const service = find(url.pathname);
    if (!service) return json({ message: 'no Route matched with those values' }, 404);
    const response = await service.handle(request, { path: url.pathname.slice(service.prefix.length) || '/', url, ip, signal });
    guard?.answered?.(request.method, url.pathname);
    return response;
  }

  const server = http.createServer((incoming, outgoing) => {
    void (async () => {
      const baseUrl = `http://${incoming.headers.host ?? `${host}:${port}`}`;
      // Fires when the client hangs up before its answer is out: services stop working for it (a signal of its own,
      // not the web Request's: following one costs a Request more than the whole of a small read).
      const clientGone = new AbortController();
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) clientGone.abort(new Error('aborted'));
      });
      let response: Response;
      try {
        response = await answer(incoming, baseUrl, clientGone.signal);
      } catch (error) {
        response = errorResponse(error);
      }
      await writeWebResponse(response, incoming, outgoing).catch(() => outgoing.destroy());
    })();
  });

  // Upgraded sockets (Realtime) are no longer the HTTP server's to close, yet its close waits for them.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const service = find(pathname);
    if (!service?.upgrade) {
      socket.destroy();
      return;
    }
    const ip = clientIp(request, trustedProxies);
    // As for HTTP requests: the services see the resolved address, not what the client wrote.
    request.headers['x-forwarded-for'] = ip;
    request.headers['x-real-ip'] = ip;
    const upgrade = service.upgrade.bind(service);
    void (async () => {
      const refusal = await guard?.refusal(ip, pathname);
      if (refusal) await refuseUpgrade(socket, refusal);
      else upgrade(request, socket, head);
    })().catch((error: unknown) => {
      console.error('[stack]', error);
      socket.destroy();
    });
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
