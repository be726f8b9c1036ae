// Whether the worker reports the device online (the system domain's `connectivity`), for the offline toasts.
import { useLiveQuery } from '../../lib/live-query.ts';

export function useOnline(): boolean {
  return useLiveQuery('connectivity', undefined).data?.online ?? true;
}
