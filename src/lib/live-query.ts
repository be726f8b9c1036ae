// useLiveQuery: the one hook through which components read live data from the worker.
import { useCallback, useSyncExternalStore } from 'react';
import { proxy } from 'comlink';
import type { Observable } from 'rxjs';
import type { LiveQueries, LiveQueryName } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { LiveUpdate, SubscriptionId } from '../../workers/contract/live.ts';
import type { DataClient } from './data-client.ts';

type ParamsOf<N extends LiveQueryName> = Parameters<LiveQueries[N]>[0];
type ResultOf<N extends LiveQueryName> = LiveQueries[N] extends (params: never) => Observable<infer R> ? R : never;

export type LiveQueryState<T> =
  | { readonly status: 'loading'; readonly data: undefined; readonly error: undefined }
  | { readonly status: 'ok'; readonly data: T; readonly error: undefined }
  | { readonly status: 'error'; readonly data: T | undefined; readonly error: DataError };

const LOADING: LiveQueryState<never> = { status: 'loading', data: undefined, error: undefined };

/** One worker subscription shared by every component that asks the same query with the same parameters. */
interface SharedSubscription {
  state: LiveQueryState<unknown>;
  listeners: Set<() => void>;
  id: Promise<SubscriptionId> | undefined;
}

export class LiveQueryStore {
  private readonly entries = new Map<string, SharedSubscription>();

  constructor(private readonly client: DataClient) {}

  private entry(key: string): SharedSubscription {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { state: LOADING, listeners: new Set(), id: undefined };
      this.entries.set(key, entry);
    }
    return entry;
  }

  snapshot(key: string): LiveQueryState<unknown> {
    return this.entries.get(key)?.state ?? LOADING;
  }

  subscribe(name: LiveQueryName, params: unknown, key: string, onChange: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(onChange);
    if (!entry.id) {
      const apply = (update: LiveUpdate<unknown>) => {
        entry.state =
          update.status === 'ok'
            ? { status: 'ok', data: update.value, error: undefined }
            : { status: 'error', data: entry.state.data, error: DataError.fromJSON(update.error) };
        for (const listener of entry.listeners) listener();
      };
      entry.id = this.client.live.subscribe(name, params as never, proxy(apply));
      entry.id.catch((error: unknown) => {
        apply({ status: 'error', error: DataError.from(error).toJSON() });
      });
    }
    return () => {
      entry.listeners.delete(onChange);
      if (entry.listeners.size > 0) return;
      this.entries.delete(key);
      void entry.id?.then((id) => this.client.live.unsubscribe(id)).catch(() => undefined);
    };
  }
}

let defaultStore: LiveQueryStore | undefined;
let storeFactory: (() => LiveQueryStore) | undefined;

/** Sets how the app's store is made (once, at start-up, with the app's data client). */
export function configureLiveQueries(factory: () => LiveQueryStore): void {
  storeFactory = factory;
  defaultStore = undefined;
}

function store(): LiveQueryStore {
  if (!defaultStore) {
    if (!storeFactory) throw new Error('configureLiveQueries() must run before useLiveQuery()');
    defaultStore = storeFactory();
  }
  return defaultStore;
}

export function useLiveQuery<N extends LiveQueryName>(name: N, params: ParamsOf<N>): LiveQueryState<ResultOf<N>> {
  // Parameters are compared by value: a new object with the same content keeps the subscription.
  const paramsValue: unknown = params;
  const paramsJson = JSON.stringify(paramsValue ?? null);
  const key = `${name}:${paramsJson}`;
  const subscribe = useCallback(
    (onChange: () => void) => store().subscribe(name, JSON.parse(paramsJson) as unknown, `${name}:${paramsJson}`, onChange),
    [name, paramsJson],
  );
  const getSnapshot = useCallback(() => store().snapshot(key), [key]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot) as LiveQueryState<ResultOf<N>>;
}
