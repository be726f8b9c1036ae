// The support board kept live: each change of a ticket on the server (Realtime, heard by the worker) marks the
// board and the open ticket stale, so a new ticket, a move from another tab or a reply shows without 'Atualizar'.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from '../../lib/live-query.ts';
import { supportKeys } from './support-queries.ts';

export function useLiveSupportBoard(): void {
  const changes = useLiveQuery('adminSupportChanges', undefined);
  const client = useQueryClient();
  // The first count arrives when the channel joins: anything that changed before it is read again too.
  const count = changes.status === 'ok' ? changes.data : null;
  useEffect(() => {
    if (count !== null) void client.invalidateQueries({ queryKey: supportKeys.all });
  }, [count, client]);
}
