// Whether the worker reports the device online (online until it says otherwise), for the new sale's wording.
import { useLiveQuery } from '../../lib/live-query.ts';

export function useDeviceOnline(): boolean {
  return useLiveQuery('connectivity', undefined).data?.online ?? true;
}
