// Turns a map of named observables into the worker's subscribe/unsubscribe API.
import type { Observable, Subscription } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { LiveListener, SubscriptionId } from '../contract/live.ts';

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

export function createLiveRegistry<Q extends LiveQueryMap>(queries: Q): LiveHandlers<Q> {
  const open = new Map<SubscriptionId, Subscription>();
  let nextId: SubscriptionId = 1;

  return {
    subscribe(name, params, listener) {
      const query = queries[name] as LiveQuery<LiveParams<Q, typeof name>, LiveResult<Q, typeof name>> | undefined;
      if (!query) throw new DataError('unknown_subscription', `Consulta desconhecida: ${name}`);
      const id = nextId++;
      const subscription = query(params).subscribe({
        next: (value) => {
          listener({ status: 'ok', value });
        },
        error: (error: unknown) => {
          listener({ status: 'error', error: DataError.from(error).toJSON() });
        },
      });
      open.set(id, subscription);
      return id;
    },
    unsubscribe(id) {
      open.get(id)?.unsubscribe();
      open.delete(id);
    },
    openCount: () => open.size,
  };
}
