// Responses of the edge functions the browser's data worker calls: JSON with CORS (hosted Supabase adds none), and
// the app's addresses the owner is sent back to.
import { readEnv } from './env.ts';
import { isAllowedRedirect, originOf, redirectList } from './redirect-rules.ts';

export const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...CORS_HEADERS } });
}

export function preflight(request: Request): Response | null {
  return request.method === 'OPTIONS' ? new Response(null, { status: 204, headers: CORS_HEADERS }) : null;
}

/**
 * Where the owner returns after the provider's pages: `path` (with its query) on the app that called, when the
 * site URL (SITE_URL) or the allow-list (ADDITIONAL_REDIRECT_URLS, GoTrue's rules) allows that address, else on the
 * site URL; null when SITE_URL is not set. The request's Origin alone never decides.
 */
export function returnUrl(request: Request, path: string): string | null {
  const site = readEnv('SITE_URL');
  const siteOrigin = site ? originOf(site) : null;
  if (!site || !siteOrigin) return null;
  const origin = request.headers.get('origin');
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) {
    const candidate = `${origin}${path}`;
    if (isAllowedRedirect(candidate, [site, ...redirectList(readEnv('ADDITIONAL_REDIRECT_URLS'))])) return candidate;
  }
  return `${siteOrigin}${path}`;
}
