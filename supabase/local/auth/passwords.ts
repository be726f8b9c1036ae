// Password hashing (bcrypt, as GoTrue) and GoTrue's minimum-length rule with its weak_password error.
import bcrypt from 'bcryptjs';
import { AuthFailure } from './errors.ts';

const COST = 10;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than truncating them silently. */
const MAX_BYTES = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

/** Compares in constant time; a missing hash never matches (but costs the same time). */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) {
    await bcrypt.hash(password, COST);
    return false;
  }
  return bcrypt.compare(password, hash);
}

export function assertStrongEnough(password: string, minLength: number): void {
  if (Array.from(password).length < minLength) {
    throw new AuthFailure(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) {
    throw new AuthFailure(422, 'validation_failed', `Password cannot be longer than ${MAX_BYTES} characters`);
  }
}
