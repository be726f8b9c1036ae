// Fixture edge function: echoes what it was given (method, path, caller's Authorization, body) and what its
// environment holds, so the test can check both.
import { readEnv, supabaseEnv } from '../../../../supabase/functions/_shared/env.ts';

export default async function eco(request: Request): Promise<Response> {
  const env = supabaseEnv();
  return Response.json({
    method: request.method,
    path: new URL(request.url).pathname,
    authorization: request.headers.get('authorization'),
    body: request.method === 'GET' ? null : await request.text(),
    env: { url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, extra: readEnv('FX_EXTRA') ?? null },
  });
}
