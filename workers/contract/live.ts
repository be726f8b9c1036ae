// The shape of live-query updates pushed from the worker to the UI.
import type { SerializedDataError } from './errors.ts';

export type LiveUpdate<T> =
  { readonly status: 'ok'; readonly value: T } | { readonly status: 'error'; readonly error: SerializedDataError };

export type LiveListener<T> = (update: LiveUpdate<T>) => void;

/** A subscription handle; pass it back to `live.unsubscribe`. */
export type SubscriptionId = number;
