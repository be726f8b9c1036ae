// The support board's online reads (react-query, the admin cache rules): the four columns and one ticket's detail.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoardQuery } from '../../../workers/api.ts';
import { useDataClient } from '../../lib/use-data-client.ts';

export const supportKeys = {
  all: ['admin', 'support'] as const,
  board: (query: BoardQuery) => ['admin', 'support', 'board', query] as const,
  ticket: (ticketId: string) => ['admin', 'support', 'ticket', ticketId] as const,
};

export function useSupportBoard(query: BoardQuery) {
  const data = useDataClient();
  return useQuery({
    queryKey: supportKeys.board(query),
    queryFn: () => data.admin.supportBoard(query),
    placeholderData: keepPreviousData,
  });
}

export function useSupportTicket(ticketId: string | null) {
  const data = useDataClient();
  return useQuery({
    queryKey: supportKeys.ticket(ticketId ?? ''),
    queryFn: () => data.admin.supportTicket({ ticketId: ticketId ?? '' }),
    enabled: ticketId !== null,
  });
}
