// Signed tokens for the payment sandbox's pages: base64url JSON + HMAC with the sandbox's own secret (each link's
// single use is kept apart, in public.payment_sandbox_links).
import type { PlanPeriod } from './billing.ts';

/** A checkout the sandbox shows (what the provider's checkout session would hold). */
export interface SandboxCheckout {
  kind: 'checkout';
  /** The session's id, also the link's (public.payment_sandbox_links). */
  id: string;
  userId: string;
  email: string;
  plan: PlanPeriod;
  successUrl: string;
  cancelUrl: string;
}

/** The sandbox's customer portal for one subscription. */
export interface SandboxPortal {
  kind: 'portal';
  /** The link's id (public.payment_sandbox_links). */
  id: string;
  userId: string;
  customerId: string;
  subscriptionId: string;
  plan: PlanPeriod;
  periodEnd: string | null;
  returnUrl: string;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function signToken(payload: unknown, secret: string): Promise<string> {
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await key(secret), new TextEncoder().encode(body)));
  return `${body}.${base64url(signature)}`;
}

export async function readToken<T>(token: string, secret: string): Promise<T | null> {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  try {
    const valid = await crypto.subtle.verify('HMAC', await key(secret), fromBase64url(signature), new TextEncoder().encode(body));
    return valid ? (JSON.parse(new TextDecoder().decode(fromBase64url(body))) as T) : null;
  } catch {
    return null;
  }
}
