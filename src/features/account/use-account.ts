// The signed-in account for screens inside the guarded tree: live from the worker, the guard's copy meanwhile.
import { useRouteContext } from '@tanstack/react-router';
import type { SignedInState } from '../../../workers/api.ts';
import { useLiveQuery } from '../../lib/live-query.ts';

export function useSignedInAccount(): SignedInState {
  const live = useLiveQuery('account', undefined);
  const { account } = useRouteContext({ from: '/_auth' });
  return live.status === 'ok' && live.data.status === 'signed_in' ? live.data : account;
}
