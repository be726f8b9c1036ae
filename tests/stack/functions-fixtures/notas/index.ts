// Fixture edge function: reads the caller's notes through REST with supabase-js and the caller's own JWT, so
// row-level security decides what the function sees.
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { supabaseEnv } from '../../../../supabase/functions/_shared/env.ts';

export default async function notas(request: Request): Promise<Response> {
  const env = supabaseEnv();
  const authorization = request.headers.get('authorization') ?? '';
  const client = createClient(env.url, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
    realtime: { transport: WebSocket as unknown as never },
  });
  const { data, error } = await client.from('fx_notas').select('texto').order('texto');
  if (error) return Response.json({ error: error.message }, { status: 500 });
  return Response.json({ textos: data.map((row: { texto: string }) => row.texto) });
}
