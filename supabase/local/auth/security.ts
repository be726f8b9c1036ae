// Caderneta's sign-in protections on top of GoTrue: addresses in public.blocked_ips are refused, the sign-in
// throttle's rule comes from public.system_settings.security_settings, and both write public.security_logs.
// The tables come from our migrations; without them the defaults apply and nothing is logged.
import type { Queryable } from '../db/database.ts';
import { AuthFailure } from './errors.ts';
import type { AuthSettings } from './settings.ts';

export interface SecurityEvent {
  action: 'login_failed' | 'login_locked' | 'login_throttled' | 'otp_attempts_exhausted' | 'blocked_ip_access';
  ip: string;
  userId: string | null;
  blocked: boolean;
  details: Record<string, unknown>;
}

/** Wrong passwords one address may try on one account, and the minutes in which that many come back. */
export interface SignInPolicy {
  maxAttempts: number;
  lockoutMinutes: number;
}

async function tableExists(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
  return rows[0]?.found === true;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; `10.0.0.1/32` → `10.0.0.1`; lower case. */
export function normalizeIp(ip: string): string {
  return ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
    .replace(/\/(32|128)$/, '');
}

function ipv4ToNumber(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((total, part) => total * 256 + Number(part), 0);
}

/** An exact address, or an IPv4 network in CIDR notation (`10.0.0.0/24`) containing `address`. */
export function ipMatches(entry: string, address: string): boolean {
  if (entry === address) return true;
  const [network = '', bitsText] = entry.split('/');
  const bits = Number(bitsText);
  const base = ipv4ToNumber(network);
  const candidate = ipv4ToNumber(address);
  if (bitsText === undefined || base === null || candidate === null || !Number.isInteger(bits) || bits < 0 || bits > 32)
    return false;
  const size = 2 ** (32 - bits);
  return Math.floor(base / size) === Math.floor(candidate / size);
}

export async function logSecurityEvent(db: Queryable, event: SecurityEvent): Promise<void> {
  if (!(await tableExists(db, 'public.security_logs'))) return;
  await db.query(`INSERT INTO public.security_logs (action, ip_address, user_id, blocked, details) VALUES ($1, $2, $3, $4, $5)`, [
    event.action,
    normalizeIp(event.ip),
    event.userId,
    event.blocked,
    JSON.stringify(event.details),
  ]);
}

/** Refuses (and logs) a request whose address an admin blocked. */
export async function refuseBlockedIp(db: Queryable, ip: string, path: string): Promise<void> {
  if (!(await tableExists(db, 'public.blocked_ips'))) return;
  const address = normalizeIp(ip);
  const { rows } = await db.query<{ ip_address: string; reason: string | null }>(
    'SELECT ip_address::text AS ip_address, reason::text AS reason FROM public.blocked_ips',
  );
  const match = rows.find((row) => ipMatches(normalizeIp(row.ip_address), address));
  if (!match) return;
  await logSecurityEvent(db, {
    action: 'blocked_ip_access',
    ip,
    userId: null,
    blocked: true,
    details: { path, reason: match.reason },
  });
  throw new AuthFailure(403, 'ip_address_blocked', 'Acesso bloqueado para este endereço IP.');
}

function positiveInt(value: unknown, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.trunc(number) : fallback;
}

/** The sign-in rule in force: system_settings.security_settings when the table says, the settings otherwise. */
export async function signInPolicy(db: Queryable, settings: AuthSettings): Promise<SignInPolicy> {
  let value: unknown = null;
  if (await tableExists(db, 'public.system_settings')) {
    const { rows } = await db.query<{ value: unknown }>(
      `SELECT value FROM public.system_settings WHERE key = 'security_settings'`,
    );
    value = rows[0]?.value ?? null;
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    maxAttempts: positiveInt(record.max_login_attempts, settings.defaultMaxLoginAttempts),
    lockoutMinutes: positiveInt(record.lockout_duration, settings.defaultLockoutMinutes),
  };
}
