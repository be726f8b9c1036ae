// Where the backend is: the build's VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY, else the local stack's defaults.

/** `npm run stack` listens here by default (same port as `supabase start`). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
/**
 * The Supabase CLI's well-known development anon key (HS256 with the development secret), which the local
 * stack signs byte-identically (supabase/local/config.ts). Public by design: anon keys ship in every app.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface BackendConfig {
  readonly url: string;
  readonly anonKey: string;
}

export function resolveBackendConfig(env: { VITE_SUPABASE_URL?: string; VITE_SUPABASE_ANON_KEY?: string }): BackendConfig {
  return {
    url: (env.VITE_SUPABASE_URL || LOCAL_SUPABASE_URL).replace(/\/+$/, ''),
    anonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  };
}
