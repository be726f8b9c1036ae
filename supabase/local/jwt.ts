// The stack's one check of an HS256 token: REST, Realtime, Auth and Storage verify here, and each words the refusal
// as its own Supabase service does (PGRST303 'JWT expired', GoTrue's 'token is expired', Storage's 'jwt expired').
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

export type JwtCheck = { ok: true; claims: JWTPayload } | { ok: false; reason: 'expired' | 'invalid' };

const keys = new Map<string, Promise<CryptoKey>>();

/** The HMAC key of `secret`, imported once. */
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    keys.set(secret, key);
  }
  return key;
}

/** Whether `token` is signed with `secret` (HS256 only) and not expired, with its claims when it is. */
export async function checkJwt(token: string, secret: string): Promise<JwtCheck> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), { algorithms: ['HS256'] });
    return { ok: true, claims: payload };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
  }
}

/** jose's expiry rule, for a token verified earlier: expired once the current second reaches `exp`. */
export function hasExpired(claims: JWTPayload, nowMs: number = Date.now()): boolean {
  return typeof claims.exp === 'number' && Math.floor(nowMs / 1000) >= claims.exp;
}
