// The addresses an admin put in public.blocked_ips, read into one matcher for every API: the front door refuses
// them (REST, Storage, Functions, the Realtime upgrade, the mail outbox), Auth refuses and logs them, and Realtime
// closes the sockets they already hold. The front door's list is read at most once per few seconds and again at
// once when it changes (a write through REST, or any write the database announces), never once per request.
import type { Database, Queryable } from './db/database.ts';
import type { RequestGuard } from './http.ts';
import { createIpMatcher, type IpMatcher } from './ip-address.ts';
import { json } from './service.ts';

/** How long a read of the list is used before the next request reads it again. */
export const BLOCKED_IPS_TTL_MS = 5000;

/** Where an admin changes the list (the admin screen writes it through REST). */
const LIST_PATH = '/rest/v1/blocked_ips';

/** Announced by the database on every write to the list (a stack-private trigger, installed at start). */
const CHANGED_CHANNEL = '_stack_blocked_ips';

const INSTALL_SQL = `
CREATE SCHEMA IF NOT EXISTS _stack;
REVOKE ALL ON SCHEMA _stack FROM PUBLIC;
CREATE OR REPLACE FUNCTION _stack.announce_blocked_ips_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM pg_notify('${CHANGED_CHANNEL}', '');
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER _stack_blocked_ips_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
ON public.blocked_ips FOR EACH STATEMENT EXECUTE FUNCTION _stack.announce_blocked_ips_change();
`;

export interface BlockedEntry {
  ip_address: string;
  reason: string | null;
}

export type BlockedIps = IpMatcher<BlockedEntry>;

function isMissingTable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '42P01';
}

/** The list as it is now; a database without our migrations has no list, and nobody is blocked. */
export async function readBlockedIps(db: Queryable): Promise<BlockedIps> {
  try {
    const { rows } = await db.query<BlockedEntry>(
      'SELECT ip_address::text AS ip_address, reason::text AS reason FROM public.blocked_ips',
    );
    return createIpMatcher(rows, (row) => row.ip_address);
  } catch (error) {
    if (!isMissingTable(error)) throw error;
    return createIpMatcher<BlockedEntry>([], (row) => row.ip_address);
  }
}

export interface BlockedIpsWatchOptions {
  ttlMs?: number;
  now?: () => number;
}

/** The list kept in memory, read again when stale or changed, telling its listeners each list it reads. */
export interface BlockedIpsWatch {
  /** The list, read again first when stale; concurrent callers share one read. */
  current(): Promise<BlockedIps>;
  /** The list last read, without waiting. */
  latest(): BlockedIps;
  /** The list changed: the next caller must not get the old one, and it is read again now. */
  changed(): void;
  /** Called with every list read (the newest first blocks take effect on what is already open). */
  onRead(listener: (list: BlockedIps) => void): void;
  /** Listens to the database's announcements of changes. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function watchBlockedIps(db: Database, options: BlockedIpsWatchOptions = {}): BlockedIpsWatch {
  const ttlMs = options.ttlMs ?? BLOCKED_IPS_TTL_MS;
  const now = options.now ?? Date.now;
  const listeners: ((list: BlockedIps) => void)[] = [];
  /** Entries that do not parse, told once each (the SQL check refuses new ones). */
  const reported = new Set<string>();
  let blocked = createIpMatcher<BlockedEntry>([], (row) => row.ip_address);
  let readAt = -Infinity;
  /** Bumped by every change: a read that started before it is stale when it ends. */
  let generation = 0;
  let reading: Promise<void> | null = null;
  let stopListening: (() => Promise<void>) | undefined;

  async function read(): Promise<void> {
    const startedAt = now();
    const readGeneration = generation;
    blocked = await readBlockedIps(db);
    if (readGeneration === generation) readAt = startedAt;
    for (const entry of blocked.invalid) {
      if (reported.has(entry.ip_address)) continue;
      reported.add(entry.ip_address);
      console.warn(`[blocked-ips] entrada ignorada, não é um endereço nem uma rede: ${JSON.stringify(entry.ip_address)}`);
    }
    for (const listener of listeners) listener(blocked);
  }

  function changed(): void {
    generation++;
    readAt = -Infinity;
    current().catch((error: unknown) => {
      console.error('[blocked-ips]', error);
    });
  }

  async function current(): Promise<BlockedIps> {
    for (let attempt = 0; attempt < 2 && now() - readAt >= ttlMs; attempt++) {
      reading ??= read().finally(() => {
        reading = null;
      });
      await reading;
    }
    return blocked;
  }

  return {
    current,
    latest: () => blocked,
    changed,
    onRead(listener) {
      listeners.push(listener);
    },
    async start() {
      const { rows } = await db.query<{ found: boolean }>(`SELECT to_regclass('public.blocked_ips') IS NOT NULL AS found`);
      if (rows[0]?.found !== true) return;
      await db.exec(INSTALL_SQL);
      stopListening = await db.listen(CHANGED_CHANNEL, changed);
    },
    async close() {
      await stopListening?.();
      await reading?.catch(() => undefined);
    },
  };
}

/** The answer Auth gives a blocked address, for every other API too. */
function refusalResponse(): Response {
  return json({ code: 'ip_address_blocked', message: 'Acesso bloqueado para este endereço IP.' }, 403, {
    'x-sb-error-code': 'ip_address_blocked',
  });
}

export interface BlockedIpsGuardOptions {
  /** Prefixes that refuse blocked addresses themselves (Auth does, and logs each refusal). */
  exempt?: readonly string[];
}

export function createBlockedIpsGuard(watch: BlockedIpsWatch, options: BlockedIpsGuardOptions = {}): RequestGuard {
  const exempt = options.exempt ?? [];
  return {
    async refusal(ip, pathname) {
      if (exempt.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return null;
      const list = await watch.current();
      return list.match(ip) ? refusalResponse() : null;
    },
    answered(method, pathname) {
      if (method === 'GET' || method === 'HEAD' || pathname.replace(/\/+$/, '') !== LIST_PATH) return;
      watch.changed();
    },
  };
}
