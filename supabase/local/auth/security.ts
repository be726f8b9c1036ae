// Caderneta's sign-in protections on top of GoTrue: addresses in public.blocked_ips are refused, the sign-in
// throttle's rule comes from public.system_settings.security_settings, and both write public.security_logs.
// The tables come from our migrations; without them the defaults apply and nothing is logged.
import { readBlockedIps } from '../blocked-ips.ts';
import type { Queryable } from '../db/database.ts';
import { canonicalIp } from '../ip-address.ts';
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

export async function logSecurityEvent(db: Queryable, event: SecurityEvent): Promise<void> {
  if (!(await tableExists(db, 'public.security_logs'))) return;
  await db.query(`INSERT INTO public.security_logs (action, ip_address, user_id, blocked, details) VALUES ($1, $2, $3, $4, $5)`, [
    event.action,
    canonicalIp(event.ip),
    event.userId,
    event.blocked,
    JSON.stringify(event.details),
  ]);
}

/**
 * Refuses (and logs) a request whose address an admin blocked, matched as the front door matches (read afresh:
 * a block written a moment ago by SQL already holds here).
 */
export async function refuseBlockedIp(db: Queryable, ip: string, path: string): Promise<void> {
  const match = (await readBlockedIps(db)).match(ip);
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
