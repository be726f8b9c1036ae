// The support board's writes as commands (docs/product.md §8 Admin): status moves, archiving, replies and the read mark,
// each followed by fresh admin reads (the board, the ticket, the dashboard's activity and the logs).
import type { TicketStatus } from '../../../workers/support/schema.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { adminSupportText } from '../../i18n/admin-support.pt-BR.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { useCommand } from '../../lib/use-command.ts';
import { useInvalidateAdmin } from './queries.ts';

const copy = adminSupportText;

export function useMoveTicket() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, ticketId: string, status: TicketStatus) => {
      await data.admin.moveTicket({ ticketId, status });
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.statusUpdated }), failureTitle: copy.statusError },
  );
}

export function useArchiveTicket() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, ticketId: string) => {
      await data.admin.archiveTicket({ ticketId });
      await invalidate();
      return true as const;
    },
    { success: () => ({ title: copy.archived }), failureTitle: copy.archiveError },
  );
}

export function useReplyTicket() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, ticketId: string, message: string) => {
      await data.admin.replyTicket({ ticketId, message });
      await invalidate();
      return true as const;
    },
    {
      success: () => ({ title: copy.replied }),
      describeFailure: (thrown) => ({ title: copy.replyError(errorMessage(DataError.from(thrown), 'support')) }),
    },
  );
}

/** Opening an unread ticket marks it read for the admin; a failure only leaves the mark (no toast). */
export function useMarkTicketRead() {
  const invalidate = useInvalidateAdmin();
  return useCommand(
    async (data, ticketId: string) => {
      await data.admin.markTicketRead({ ticketId });
      await invalidate();
    },
    { failureTitle: null },
  );
}
