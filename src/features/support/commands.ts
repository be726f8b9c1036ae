// The owner's support writes as commands: a new ticket, a reply, the read mark and asking the server again.
import type { OpenTicketInput } from '../../../workers/support/schema.ts';
import { DataError } from '../../../workers/contract/errors.ts';
import { ownerSupportText } from '../../i18n/admin-support.pt-BR.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { useCommand } from '../../lib/use-command.ts';

const copy = ownerSupportText;

export function useOpenTicket() {
  return useCommand((data, input: OpenTicketInput) => data.support.openTicket(input), {
    form: 'support',
    success: () => ({ title: copy.created }),
    failureTitle: copy.createError,
  });
}

export function useOwnerReply() {
  return useCommand(
    async (data, ticketId: string, message: string) => {
      await data.support.reply({ ticketId, message });
      return true as const;
    },
    {
      success: () => ({ title: copy.replied }),
      describeFailure: (thrown) => ({ title: copy.replyError(errorMessage(DataError.from(thrown), 'support')) }),
    },
  );
}

/** Opening a ticket with an unread reply clears the mark; a failure leaves it for next time (no toast). */
export function useOwnerMarkRead() {
  return useCommand((data, ticketId: string) => data.support.markRead({ ticketId }), { failureTitle: null });
}

export function useSupportRefresh() {
  return useCommand((data) => data.support.refresh(), { failureTitle: null });
}
