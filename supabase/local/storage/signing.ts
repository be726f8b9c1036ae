// Signed object URLs: a short HS256 token naming `bucket/object` (and an optional image transformation), as
// Supabase Storage issues for createSignedUrl(s); and signed upload URLs, whose token (scoped to uploads, so
// neither kind opens the other's door) names the object, its owner and whether it may replace one.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (payload.url !== expectedUrl || payload.scope === UPLOAD_SCOPE) throw invalidJwt('Invalid signature');
    const transformations = typeof payload.transformations === 'string' ? payload.transformations : undefined;
    return { url: expectedUrl, transformations };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw invalidJwt('jwt expired');
    if (error instanceof Error && error.message === 'Invalid signature') throw error;
    throw invalidJwt('invalid signature');
  }
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
  let payload: Record<string, unknown>;
  try {
    payload = (await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })).payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw invalidJwt('jwt expired');
    throw invalidJwt('invalid signature');
  }
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
