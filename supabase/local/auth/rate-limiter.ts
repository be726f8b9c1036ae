// Token buckets keyed by caller (address, address+account, email address, one-time code), on an injectable
// clock: the algorithm GoTrue uses for its per-IP limits (a burst, then a steady refill), kept in memory.

/** `burst` requests at once, then `refill` more every `perSeconds` (spread evenly). */
export interface Rate {
  burst: number;
  refill: number;
  perSeconds: number;
}

interface Bucket {
  tokens: number;
  /** Clock reading (ms) of the last update. */
  at: number;
}

/** Entries kept per limiter; the least recently used go first beyond it (memory stays bounded). */
const MAX_ENTRIES = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number) {}

  private current(key: string, rate: Rate): Bucket {
    const at = this.now();
    const stored = this.buckets.get(key);
    const perMs = rate.perSeconds > 0 ? rate.refill / (rate.perSeconds * 1000) : 0;
    const tokens = stored ? Math.min(rate.burst, stored.tokens + Math.max(0, at - stored.at) * perMs) : rate.burst;
    return { tokens, at };
  }

  private store(key: string, bucket: Bucket, rate: Rate): void {
    this.buckets.delete(key);
    // A full bucket is the same as no bucket at all.
    if (bucket.tokens >= rate.burst) return;
    this.buckets.set(key, bucket);
    while (this.buckets.size > MAX_ENTRIES) {
      const oldest = this.buckets.keys().next().value;
      if (oldest === undefined) break;
      this.buckets.delete(oldest);
    }
  }

  /** Seconds until `key` may make one more request (0: it may now). Consumes nothing. */
  waitSeconds(key: string, rate: Rate): number {
    const bucket = this.current(key, rate);
    if (bucket.tokens >= 1) return 0;
    if (rate.refill <= 0 || rate.perSeconds <= 0) return Infinity;
    return Math.max(1, Math.ceil(((1 - bucket.tokens) * rate.perSeconds) / rate.refill));
  }

  /** Spends one request of `key`; false (and nothing spent) when its bucket is empty. */
  take(key: string, rate: Rate): boolean {
    const bucket = this.current(key, rate);
    if (bucket.tokens < 1) return false;
    this.store(key, { tokens: bucket.tokens - 1, at: bucket.at }, rate);
    return true;
  }

  /** Requests `key` has used and not yet recovered (whole numbers, rounded up). */
  used(key: string, rate: Rate): number {
    return Math.ceil(rate.burst - this.current(key, rate).tokens - 1e-9);
  }

  /** Gives `key` back one request it spent. */
  giveBack(key: string, rate: Rate): void {
    const bucket = this.current(key, rate);
    this.store(key, { tokens: Math.min(rate.burst, bucket.tokens + 1), at: bucket.at }, rate);
  }

  /** Gives `key` its whole burst back. */
  reset(key: string): void {
    this.buckets.delete(key);
  }
}

function expandIpv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? groups : null;
}

/**
 * The key an address is limited under: an IPv4 address as is, an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, so single addresses would cost an attacker nothing).
 */
export function ipKey(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address.replace(/%.*$/, ''));
  return groups
    ? `${groups
        .slice(0, 4)
        .map((group) => group.padStart(4, '0'))
        .join(':')}::/64`
    : address;
}
