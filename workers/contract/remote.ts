// The worker API as seen from the other side of postMessage: `client.domain.method(...)`, always async.
import { wrap, type Endpoint } from 'comlink';
import { installDataErrorTransfer } from './comlink-errors.ts';
import type { LiveHandlers, RemoteLiveHandlers } from './live.ts';

/** A domain's handlers across the boundary: every call crosses postMessage, so every result is a promise. */
type RemoteDomain<Domain> = {
  readonly [Method in keyof Domain]: Domain[Method] extends (...args: infer Args) => infer Result
    ? (...args: Args) => Promise<Awaited<Result>>
    : never;
};

export type RemoteApi<Api> = {
  readonly [Domain in keyof Api]: Api[Domain] extends LiveHandlers<infer Queries>
    ? RemoteLiveHandlers<Queries>
    : RemoteDomain<Api[Domain]>;
};

/**
 * Connects to an API exposed with comlink on `endpoint`. Comlink resolves nested property paths in the
 * worker, so `remote.system.appVersion()` works at run time; its own `Remote` type would only promise the
 * domain objects, hence this narrower, honest type.
 */
export function connectRemoteApi<Api>(endpoint: Endpoint): RemoteApi<Api> {
  installDataErrorTransfer();
  return wrap<Api>(endpoint) as unknown as RemoteApi<Api>;
}
