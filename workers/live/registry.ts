// Turns a map of named observables into the worker's subscribe/unsubscribe API.
import type { Subscription } from 'rxjs';
import { DataError } from '../contract/errors.ts';
import type { LiveHandlers, LiveParams, LiveQuery, LiveQueryMap, LiveResult, SubscriptionId } from '../contract/live.ts';

// The live-query types belong to the contract (the UI sees them too); re-exported here for the worker's modules.
export type { LiveHandlers, LiveParams, LiveQuery, LiveQueryMap, LiveResult, RemoteLiveHandlers } from '../contract/live.ts';

export function createLiveRegistry<Q extends LiveQueryMap>(queries: Q): LiveHandlers<Q> {
  const open = new Map<SubscriptionId, Subscription>();
  let nextId: SubscriptionId = 1;

  return {
    subscribe(name, params, listener) {
      const query = queries[name] as LiveQuery<LiveParams<Q, typeof name>, LiveResult<Q, typeof name>> | undefined;
      if (!query) throw new DataError('unknown_query', { diagnostic: name });
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
