// The environment of an edge function, read the same way on Supabase's Deno runtime (Deno.env) and in the local
// stack (which hands each request its own values); typed names for the variables Supabase always provides.
export type SupabaseEnvName = 'SUPABASE_URL' | 'SUPABASE_ANON_KEY' | 'SUPABASE_SERVICE_ROLE_KEY';

/** Where the local stack publishes the environment of the request being served (a getter on globalThis). */
export const LOCAL_FUNCTION_ENV = Symbol.for('caderneta.functions.env');

type LocalEnvGetter = () => Readonly<Record<string, string>> | undefined;

interface RuntimeGlobals {
  [LOCAL_FUNCTION_ENV]?: LocalEnvGetter;
  Deno?: { env: { get(name: string): string | undefined } };
  process?: { env: Record<string, string | undefined> };
}

/** A variable of the function's environment, or undefined. */
export function readEnv(name: SupabaseEnvName | (string & {})): string | undefined {
  const runtime = globalThis as RuntimeGlobals;
  const local = runtime[LOCAL_FUNCTION_ENV]?.();
  if (local && name in local) return local[name];
  if (runtime.Deno) return runtime.Deno.env.get(name);
  return runtime.process?.env[name];
}

/** A variable the function cannot run without. */
export function requireEnv(name: SupabaseEnvName | (string & {})): string {
  const value = readEnv(name);
  if (value === undefined || value === '') throw new Error(`variável de ambiente ausente: ${name}`);
  return value;
}

export interface SupabaseEnv {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** The project's URL and keys, as every Supabase function receives them. */
export function supabaseEnv(): SupabaseEnv {
  return {
    url: requireEnv('SUPABASE_URL'),
    anonKey: requireEnv('SUPABASE_ANON_KEY'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  };
}
