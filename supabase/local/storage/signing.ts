// Signed object URLs: a short HS256 token naming `bucket/object` (and an optional image transformation), as
// Supabase Storage issues for createSignedUrl(s); and signed upload URLs, whose token (scoped to uploads, so
// neither kind opens the other's door) names the object, its owner and whether it may replace one.
import { SignJWT } from 'jose';
import { checkJwt } from '../jwt.ts';
import { invalidJwt } from './errors.ts';

export interface SignedGrant {
  /** `bucket/object name`, exactly the object the token opens. */
  url: string;
  /** The render query (width=…&height=…) when the URL serves a transformed image. */
  transformations?: string;
}

export async function signObjectUrl(secret: string, grant: SignedGrant, expiresInSeconds: number): Promise<string> {
  return new SignJWT({ url: grant.url, ...(grant.transformations ? { transformations: grant.transformations } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

export async function verifyObjectUrl(secret: string, token: string | null, expectedUrl: string): Promise<SignedGrant> {
  if (!token) throw invalidJwt("querystring must have required property 'token'");
  const payload = await grantOf(secret, token);
  if (payload.url !== expectedUrl || payload.scope === UPLOAD_SCOPE) throw invalidJwt('Invalid signature');
  const transformations = typeof payload.transformations === 'string' ? payload.transformations : undefined;
  return { url: expectedUrl, transformations };
}

/** The claims of a signed URL's token, or Storage's refusal. */
async function grantOf(secret: string, token: string): Promise<Record<string, unknown>> {
  const check = await checkJwt(token, secret);
  if (check.ok) return check.claims;
  throw invalidJwt(check.reason === 'expired' ? 'jwt expired' : 'invalid signature');
}

const UPLOAD_SCOPE = 'upload';

/** What a signed upload URL allows: writing `url` (`bucket/object name`) for `owner`, replacing it if `upsert`. */
export interface UploadGrant {
  url: string;
  owner: string | null;
  upsert: boolean;
}

export async function signUploadUrl(secret: string, grant: UploadGrant, expiresInSeconds: number): Promise<string> {
  return new SignJWT({
    url: grant.url,
    upsert: grant.upsert,
    scope: UPLOAD_SCOPE,
    ...(grant.owner ? { owner: grant.owner } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

export async function verifyUploadUrl(secret: string, token: string | null, expectedUrl: string): Promise<UploadGrant> {
  if (!token) throw invalidJwt("querystring must have required property 'token'");
  const payload = await grantOf(secret, token);
  if (payload.scope !== UPLOAD_SCOPE || payload.url !== expectedUrl) throw invalidJwt('Invalid signature');
  return { url: expectedUrl, owner: typeof payload.owner === 'string' ? payload.owner : null, upsert: payload.upsert === true };
}

/** The transformation query that createSignedUrl's `transform` option asks for, in Supabase's parameter names. */
export function transformQuery(transform: unknown): string | undefined {
  if (typeof transform !== 'object' || transform === null) return undefined;
  const query = new URLSearchParams();
  for (const key of ['width', 'height', 'resize', 'format', 'quality'] as const) {
    const value = (transform as Record<string, unknown>)[key];
    if (typeof value === 'string' || typeof value === 'number') query.set(key, String(value));
  }
  const text = query.toString();
  return text === '' ? undefined : text;
}
