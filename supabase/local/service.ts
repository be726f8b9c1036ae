// The contract between the stack's HTTP front door and each Supabase service it serves (auth, rest, storage…).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Database } from './db/database.ts';
import type { StackConfig } from './config.ts';

/** What every service is given: the settings and the one shared database. */
export interface StackContext {
  config: StackConfig;
  db: Database;
}

/** A service answers web-standard requests under its path prefix, e.g. `/rest/v1`. */
export interface StackService {
  /** Path prefix without a trailing slash. */
  prefix: string;
  handle(request: Request, ctx: RequestInfo): Promise<Response>;
  /** Takes over a WebSocket upgrade under the prefix (Realtime). */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Prepares the service once the database is migrated, before the first request. */
  start?(): Promise<void>;
  close?(): Promise<void>;
}

export interface RequestInfo {
  /** The request URL with the service prefix removed from its pathname, e.g. `/produtos`. */
  path: string;
  url: URL;
  /** The client's address, for lockout and blocked IPs. */
  ip: string;
  /** Fires when the client hangs up before its answer is out: work done for it can stop. */
  signal: AbortSignal;
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...Object.fromEntries(new Headers(headers)) },
  });
}
