// Live queries as both sides see them: the named queries, their subscribe/unsubscribe handlers, and the updates
// pushed from the worker to the UI.
import type { Observable } from 'rxjs';
import type { SerializedDataError } from './errors.ts';

export type LiveUpdate<T> =
  { readonly status: 'ok'; readonly value: T } | { readonly status: 'error'; readonly error: SerializedDataError };

export type LiveListener<T> = (update: LiveUpdate<T>) => void;

/** A subscription handle; pass it back to `live.unsubscribe`. */
export type SubscriptionId = number;

/** A named live query: given its parameters, an observable of its current result. */
export type LiveQuery<Params, Result> = (params: Params) => Observable<Result>;

// Parameters are contravariant, so the widest function type needs `never` for them.
export type LiveQueryMap = Record<string, LiveQuery<never, unknown>>;

export type LiveParams<Q extends LiveQueryMap, N extends keyof Q> = Parameters<Q[N]>[0];
export type LiveResult<Q extends LiveQueryMap, N extends keyof Q> = Q[N] extends LiveQuery<never, infer R> ? R : never;

export interface LiveHandlers<Q extends LiveQueryMap> {
  subscribe<N extends keyof Q & string>(
    name: N,
    params: LiveParams<Q, N>,
    listener: LiveListener<LiveResult<Q, N>>,
  ): SubscriptionId;
  unsubscribe(id: SubscriptionId): void;
  /** Number of open subscriptions (visible in diagnostics and tests). */
  openCount(): number;
}

/** The same handlers as called from the UI, across postMessage: generic, and always async. */
export interface RemoteLiveHandlers<Q extends LiveQueryMap> {
  subscribe<N extends keyof Q & string>(
    name: N,
    params: LiveParams<Q, N>,
    listener: LiveListener<LiveResult<Q, N>>,
  ): Promise<SubscriptionId>;
  unsubscribe(id: SubscriptionId): Promise<void>;
  openCount(): Promise<number>;
}
