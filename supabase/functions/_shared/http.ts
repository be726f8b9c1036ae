// Responses of the edge functions the browser's data worker calls: JSON with CORS (hosted Supabase adds none).
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

/** Where to send the owner back after the provider's pages: the app that called us, else SITE_URL. */
export function appOrigin(request: Request, siteUrl: string | undefined): string | null {
  const origin = request.headers.get('origin');
  if (origin && /^https?:\/\/[^/]+$/.test(origin)) return origin;
  if (siteUrl) return new URL(siteUrl).origin;
  return null;
}
