// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, SHA-1, 6 digits, 30-second steps), as
// authenticator apps and GoTrue's TOTP factors use them: base32 secrets, `otpauth://` URIs and codes. The
// arithmetic is otpauth's (a small, maintained implementation of both RFCs); this module fixes the parameters.
import { Secret, TOTP } from 'otpauth';

export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** 160 bits, as RFC 4226 recommends and GoTrue issues. */
const SECRET_BYTES = 20;

function totpOf(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_STEP_SECONDS,
  });
}

/** A new 160-bit secret, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The code of `secret` for the step holding `atMs`. */
export function totpCode(secret: string, atMs: number): string {
  return totpOf(secret).generate({ timestamp: atMs });
}

/** Whether `code` is the code of the step holding `atMs` or of the steps either side (clocks drift). */
export function totpMatches(secret: string, code: string, atMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpOf(secret).validate({ token: code, timestamp: atMs, window: 1 }) !== null;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return totpOf(secret, issuer, account).toString();
}
