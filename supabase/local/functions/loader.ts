// Finds and imports edge functions: `<dir>/<name>/index.ts` default-exports a web-standard handler. A module is
// imported again when its file changes, so editing a function needs no restart.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export type FunctionHandler = (request: Request) => Response | Promise<Response>;

/** Supabase's function slugs; folders starting with `_` (shared code) are not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export class FunctionBootError extends Error {}

export interface FunctionLoader {
  /** The handler of `name`, or null when there is no such function. */
  load(name: string): Promise<FunctionHandler | null>;
}

export function createFunctionLoader(functionsDir: string): FunctionLoader {
  const cache = new Map<string, { mtimeMs: number; handler: FunctionHandler }>();
  return {
    async load(name) {
      if (!FUNCTION_NAME.test(name)) return null;
      const file = join(functionsDir, name, 'index.ts');
      let mtimeMs: number;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        mtimeMs = info.mtimeMs;
      } catch {
        return null;
      }
      const cached = cache.get(name);
      if (cached?.mtimeMs === mtimeMs) return cached.handler;
      let module: { default?: unknown };
      try {
        module = (await import(`${pathToFileURL(file).href}?t=${Math.trunc(mtimeMs)}`)) as { default?: unknown };
      } catch (error) {
        throw new FunctionBootError(`função ${name} não carregou: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (typeof module.default !== 'function') throw new FunctionBootError(`função ${name} não exporta um handler (export default)`);
      const handler = module.default as FunctionHandler;
      cache.set(name, { mtimeMs, handler });
      return handler;
    },
  };
}
