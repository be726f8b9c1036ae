// Gives each edge-function request its own environment (SUPABASE_URL and keys) without touching process.env:
// an AsyncLocalStorage read by the functions' env accessor through a getter on globalThis.
import { AsyncLocalStorage } from 'node:async_hooks';
import { LOCAL_FUNCTION_ENV } from '../../functions/_shared/env.ts';

type FunctionEnv = Readonly<Record<string, string>>;

const current = new AsyncLocalStorage<FunctionEnv>();
(globalThis as { [LOCAL_FUNCTION_ENV]?: () => FunctionEnv | undefined })[LOCAL_FUNCTION_ENV] = () => current.getStore();

/** Runs `work` (a handler call and everything it awaits) with `env` as the function's environment. */
export function withFunctionEnv<T>(env: FunctionEnv, work: () => T): T {
  return current.run(env, work);
}
