// Addresses and blocked-address entries, read one way by every service: node:net's strict grammar (IPv4 without
// leading zeros, no IPv6 zone), IPv6 in its one canonical spelling, an IPv4-mapped IPv6 address in any spelling
// (`::ffff:7f00:2`, `0:0:0:0:0:ffff:127.0.0.2`, `::FFFF:127.0.0.2`) taken as its IPv4 address, and matching by
// node:net's BlockList. The SQL check on public.blocked_ips (public.ip_valido) accepts exactly these entries.
import { BlockList, isIP } from 'node:net';

export type IpFamily = 'ipv4' | 'ipv6';

export interface IpAddress {
  /** Dotted IPv4, or lower-case compressed IPv6 as the URL standard writes it (`2001:db8::1`). */
  address: string;
  family: IpFamily;
}

/** An address (`prefix` 32 or 128) or a network in CIDR notation. */
export interface IpNetwork extends IpAddress {
  prefix: number;
}

/** A canonical IPv6 spelling whose last 32 bits are an IPv4 address (`::ffff:0:0/96`). */
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** An address, then an optional prefix length written without leading zeros. */
const ENTRY = /^([^/]+)(?:\/(0|[1-9][0-9]{0,2}))?$/;

/** The canonical spelling of an IPv6 address node:net accepts: the URL standard's serialiser writes it. */
function canonicalIpv6(text: string): string {
  return new URL(`http://[${text}]/`).hostname.slice(1, -1);
}

function mappedIpv4(canonical: string): string | null {
  const groups = IPV4_MAPPED.exec(canonical);
  if (!groups) return null;
  const high = parseInt(groups[1] ?? '', 16);
  const low = parseInt(groups[2] ?? '', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An address exactly as written (no spaces, no zone), or null; IPv4-mapped IPv6 comes back as IPv4. */
export function parseIp(text: string): IpAddress | null {
  const version = isIP(text);
  if (version === 4) return { address: text, family: 'ipv4' };
  if (version !== 6 || text.includes('%')) return null;
  const canonical = canonicalIpv6(text);
  const ipv4 = mappedIpv4(canonical);
  return ipv4 === null ? { address: canonical, family: 'ipv6' } : { address: ipv4, family: 'ipv4' };
}

/** The one spelling of an address every service compares, logs and hands to SQL; text that is no address, trimmed. */
export function canonicalIp(text: string): string {
  const trimmed = text.trim();
  return parseIp(trimmed)?.address ?? trimmed.toLowerCase();
}

/**
 * A blocked-address entry: an address or a network (`203.0.113.7`, `198.51.100.0/24`, `2001:db8::/32`), or null
 * when it does not parse strictly (`127.000.000.002`, `10.0.0.0/08`, `10.0.0.0/33`, `fe80::1%eth0`). An
 * IPv4-mapped network of at least /96 is the IPv4 network it maps (`::ffff:10.0.0.0/104` is `10.0.0.0/8`).
 */
export function parseIpEntry(text: string): IpNetwork | null {
  const parts = ENTRY.exec(text);
  if (!parts) return null;
  const [, written = '', prefixText] = parts;
  const version = isIP(written);
  if (version === 0 || written.includes('%')) return null;
  const bits = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  if (version === 4) return { address: written, family: 'ipv4', prefix };
  const canonical = canonicalIpv6(written);
  const ipv4 = mappedIpv4(canonical);
  if (ipv4 !== null && prefix >= 96) return { address: ipv4, family: 'ipv4', prefix: prefix - 96 };
  return { address: canonical, family: 'ipv6', prefix };
}

export interface IpMatcher<Entry> {
  /** Entries that parse (the others are in `invalid`). */
  readonly size: number;
  /** Entries that do not parse, left out of the matching. */
  readonly invalid: readonly Entry[];
  /** The first entry whose address or network holds `ip`, in any spelling of it. */
  match(ip: string): Entry | undefined;
}

/** Matches addresses against `entries` (each read by `textOf`), as node:net's BlockList does. */
export function createIpMatcher<Entry>(entries: readonly Entry[], textOf: (entry: Entry) => string): IpMatcher<Entry> {
  const all = new BlockList();
  const networks: { entry: Entry; list: BlockList }[] = [];
  const invalid: Entry[] = [];
  for (const entry of entries) {
    const network = parseIpEntry(textOf(entry));
    if (!network) {
      invalid.push(entry);
      continue;
    }
    const list = new BlockList();
    list.addSubnet(network.address, network.prefix, network.family);
    all.addSubnet(network.address, network.prefix, network.family);
    networks.push({ entry, list });
  }
  return {
    size: networks.length,
    invalid,
    match(ip) {
      const caller = parseIp(ip.trim());
      if (!caller || networks.length === 0 || !all.check(caller.address, caller.family)) return undefined;
      return networks.find(({ list }) => list.check(caller.address, caller.family))?.entry;
    },
  };
}
