// Whether the worker reports the device online (the system domain's `connectivity`); online until it says. For
// the offline wording of toasts and the share path.
import { useLiveQuery } from './live-query.ts';

export function useOnline(): boolean {
  const connectivity = useLiveQuery('connectivity', undefined);
  return connectivity.data?.online ?? true;
}
