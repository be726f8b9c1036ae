// Whether the worker reports the device online (the system domain's `connectivity`); online until it says.
import { useLiveQuery } from '../../lib/live-query.ts';

export function useOnline(): boolean {
  const connectivity = useLiveQuery('connectivity', undefined);
  return connectivity.data?.online ?? true;
}
