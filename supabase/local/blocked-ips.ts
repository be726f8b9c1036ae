// The front door's refusal of addresses an admin put in public.blocked_ips, on every API: the list is read at
// most once per few seconds (and again right after an admin changes it through REST), never once per request.
import { BlockList, isIP } from 'node:net';
import type { Queryable } from './db/database.ts';
import type { RequestGuard } from './http.ts';
import { json } from './service.ts';

/** How long a read of the list is used before the next request reads it again. */
export const BLOCKED_IPS_TTL_MS = 5000;

/** Where an admin changes the list (the admin screen writes it through REST). */
const LIST_PATH = '/rest/v1/blocked_ips';

export interface BlockedIpsOptions {
  /** Prefixes that refuse blocked addresses themselves (Auth does, and logs each refusal). */
  exempt?: readonly string[];
  ttlMs?: number;
  now?: () => number;
}

/** The address family node:net names, after unwrapping IPv4-mapped IPv6 (`::ffff:10.0.0.1`). */
function normalised(text: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const address = text
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = isIP(address);
  return family === 0 ? null : { address, family: family === 4 ? 'ipv4' : 'ipv6' };
}

/** The list as a BlockList: exact addresses and CIDR networks (`198.51.100.0/24`, `2001:db8::/32`). */
function blockListOf(entries: readonly string[]): { list: BlockList; size: number } {
  const list = new BlockList();
  let size = 0;
  for (const entry of entries) {
    const [text = '', bitsText] = entry.split('/');
    const parsed = normalised(text);
    if (!parsed) continue;
    const bits = bitsText === undefined ? null : Number(bitsText);
    if (bits === null) list.addAddress(parsed.address, parsed.family);
    else if (Number.isInteger(bits) && bits >= 0 && bits <= (parsed.family === 'ipv4' ? 32 : 128))
      list.addSubnet(parsed.address, bits, parsed.family);
    else continue;
    size++;
  }
  return { list, size };
}

/** The answer Auth gives a blocked address, for every other API too. */
function refusalResponse(): Response {
  return json({ code: 'ip_address_blocked', message: 'Acesso bloqueado para este endereço IP.' }, 403, {
    'x-sb-error-code': 'ip_address_blocked',
  });
}

export function createBlockedIpsGuard(db: Queryable, options: BlockedIpsOptions = {}): RequestGuard {
  const exempt = options.exempt ?? [];
  const ttlMs = options.ttlMs ?? BLOCKED_IPS_TTL_MS;
  const now = options.now ?? Date.now;
  let blocked = blockListOf([]);
  let readAt = -Infinity;
  /** Bumped by every change an admin makes: a read that started before it is stale when it ends. */
  let generation = 0;
  let reading: Promise<void> | null = null;

  async function read(): Promise<void> {
    const startedAt = now();
    const readGeneration = generation;
    try {
      const { rows } = await db.query<{ ip_address: string }>('SELECT ip_address::text AS ip_address FROM public.blocked_ips');
      blocked = blockListOf(rows.map((row) => row.ip_address));
    } catch (error) {
      // A database without our migrations has no list: nobody is blocked.
      const missing = typeof error === 'object' && error !== null && 'code' in error && error.code === '42P01';
      if (!missing) throw error;
      blocked = blockListOf([]);
    }
    if (readGeneration === generation) readAt = startedAt;
  }

  /** The list, read again when stale; concurrent requests share one read (a second one if the list changed during it). */
  async function current(): Promise<ReturnType<typeof blockListOf>> {
    for (let attempt = 0; attempt < 2 && now() - readAt >= ttlMs; attempt++) {
      reading ??= read().finally(() => {
        reading = null;
      });
      await reading;
    }
    return blocked;
  }

  return {
    async refusal(ip, pathname) {
      if (exempt.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return null;
      const { list, size } = await current();
      if (size === 0) return null;
      const caller = normalised(ip);
      return caller && list.check(caller.address, caller.family) ? refusalResponse() : null;
    },
    answered(method, pathname) {
      if (method === 'GET' || method === 'HEAD' || pathname.replace(/\/+$/, '') !== LIST_PATH) return;
      generation++;
      readAt = -Infinity;
    },
  };
}
