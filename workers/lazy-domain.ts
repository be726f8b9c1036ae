// A domain whose code loads on its first call: the worker starts without it (a smaller first download), import()
// fetches its chunk when a screen first asks, and the loaded handlers are kept for every later call.
import { DataError } from './contract/errors.ts';

/** The handlers as callers see them: each one answers with a promise (the code may still have to load). */
export type DeferredHandlers<Handlers> = {
  readonly [Name in keyof Handlers]: Handlers[Name] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

/** `load` imports the domain's module and builds its handlers; it runs once (again only after a failed load). */
export function deferredHandlers<Handlers extends object>(load: () => Promise<Handlers>): DeferredHandlers<Handlers> {
  let loading: Promise<Handlers> | undefined;
  const loaded = (): Promise<Handlers> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      // The chunk could not be fetched: no connection and not cached yet.
      throw new DataError('offline', { diagnostic: `domain code did not load: ${String(error)}` });
    });
    return loading;
  };
  const call = (name: string) =>
    async function deferred(...args: unknown[]): Promise<unknown> {
      const handlers = await loaded();
      const handler: unknown = Reflect.get(handlers, name);
      if (typeof handler !== 'function') throw new DataError('unknown_query', { diagnostic: name });
      return Reflect.apply(handler, handlers, args) as unknown;
    };
  // The names are only known once the module has loaded, so every string property is a handler that loads it;
  // 'then' stays undefined so the object is never mistaken for a promise.
  const handlers = new Proxy(
    {},
    { get: (_target, name) => (typeof name === 'string' && name !== 'then' ? call(name) : undefined) },
  );
  return handlers as DeferredHandlers<Handlers>;
}
