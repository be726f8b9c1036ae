// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, SHA-1, 6 digits, 30-second steps), as
// authenticator apps and GoTrue's TOTP factors use them: base32 secrets, `otpauth://` URIs and codes.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;

/** RFC 4648 base32 without padding (what authenticator apps read). */
function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32.charAt((value << (5 - bits)) & 31);
  return text;
}

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('base32 inválido');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new 160-bit secret, in base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The code of `secret` for the step holding `atMs`. */
export function totpCode(secret: string, atMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / TOTP_STEP_SECONDS)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** Whether `code` is the code of the step holding `atMs` or of the steps either side (clocks drift). */
export function totpMatches(secret: string, code: string, atMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const given = Buffer.from(code);
  return [-1, 0, 1].some((skew) => timingSafeEqual(Buffer.from(totpCode(secret, atMs + skew * TOTP_STEP_SECONDS * 1000)), given));
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
