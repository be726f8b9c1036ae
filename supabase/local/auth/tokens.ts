// Secrets Auth hands out: HS256 access tokens with GoTrue's claims, opaque refresh tokens, and the six-digit
// codes of emailed links with the hash stored for them (sha224 of email + code, as GoTrue stores it).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SignJWT } from 'jose';
import type { StackConfig } from '../config.ts';
import type { UserRow } from './users.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessToken {
  token: string;
  expiresAt: number;
  expiresIn: number;
}

export async function signAccessToken(
  config: StackConfig,
  user: UserRow,
  sessionId: string,
  amr: readonly AmrEntry[],
  now = Math.floor(Date.now() / 1000),
): Promise<AccessToken> {
  const expiresIn = config.jwtExpirySeconds;
  const claims = {
    iss: `${config.publicUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: now + expiresIn,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role ?? 'authenticated',
    // A session that proved a second factor (a TOTP code) is at the second assurance level.
    aal: amr.some((entry) => entry.method === 'totp') ? 'aal2' : 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(config.jwtSecret));
  return { token, expiresAt: now + expiresIn, expiresIn };
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An opaque refresh token (GoTrue: secure alphanumeric). */
export function newRefreshToken(length = 16): string {
  const bytes = randomBytes(length * 2);
  let token = '';
  for (const byte of bytes) {
    // Rejection sampling keeps the alphabet uniform (248 = 4 × 62).
    if (byte < 248) token += ALPHANUMERIC.charAt(byte % 62);
    if (token.length === length) break;
  }
  return token.length === length ? token : newRefreshToken(length);
}

/** A six-digit one-time code. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of an emailed code: `sha224_hex(email + otp)` (GoTrue's GenerateTokenHash). */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(`${email}${otp}`).digest('hex');
}
