// One of the owner's tickets: its status, the description and the conversation oldest first (Você / Suporte with
// times), and a reply box unless the support resolved or closed the ticket (as the admin's modal). Opening it with an unread reply clears the unread mark.
import { useEffect } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { OwnerTicket, SupportMessage } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { ownerSupportText } from '../../../i18n/admin-support.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { useOwnerMarkRead, useOwnerReply } from '../commands.ts';
import { SupportNotice } from './SupportNotice.tsx';
import { TicketPriorityBadge, TicketStatusBadge } from './TicketBadges.tsx';
import { TicketMessages, TicketReplyForm } from './TicketThread.tsx';

const copy = ownerSupportText;

function Ready({ ticket, messages }: { ticket: OwnerTicket; messages: readonly SupportMessage[] }) {
  const { run } = useOwnerMarkRead();
  const reply = useOwnerReply();
  useEffect(() => {
    if (ticket.unreadUser) void run(ticket.id);
  }, [ticket.id, ticket.unreadUser, run]);
  return (
    <>
      <div className="flex flex-wrap items-center gap-1">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        <span className="text-xs text-ink/60">{copy.openedAt(formatDateTime(ticket.createdAt))}</span>
      </div>
      <h2 className="break-words text-xl font-semibold text-brand-900">{ticket.title}</h2>
      {ticket.description ? <p className="whitespace-pre-wrap break-words text-ink/90">{ticket.description}</p> : null}
      <section aria-label={copy.conversation} className="flex flex-col gap-2 border-t border-brand-100 pt-3">
        <h3 className="text-sm font-semibold text-ink/70">{copy.conversation}</h3>
        <TicketMessages
          messages={messages}
          own="user"
          ownLabel={copy.you}
          otherLabel={copy.support}
          emptyText={copy.noMessages}
        />
      </section>
      {ticket.status === 'resolved' || ticket.status === 'closed' ? (
        <p role="note" className="rounded-xl bg-brand-50 p-3 text-sm">
          {ticket.status === 'resolved' ? copy.resolvedNotice : copy.closedNotice}
        </p>
      ) : (
        <TicketReplyForm copy={copy} pending={reply.pending} onSend={(text) => reply.run(ticket.id, text)} />
      )}
    </>
  );
}

export function TicketConversation({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const live = useLiveQuery('supportConversation', { ticketId });
  const view = live.data;
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <Button variant="ghost" className="self-start px-2" onClick={onBack}>
        <ArrowLeft aria-hidden size={18} />
        {copy.back}
      </Button>
      {!view ? (
        <div role="status" aria-busy className="flex flex-col gap-2">
          <span className="sr-only">{t.app.loading}</span>
          <div aria-hidden className="h-6 w-2/3 animate-pulse rounded-lg bg-brand-100/70" />
          <div aria-hidden className="h-16 animate-pulse rounded-lg bg-brand-100/70" />
        </div>
      ) : view.state === 'ready' ? (
        <Ready ticket={view.ticket} messages={view.messages} />
      ) : view.state === 'not_found' || view.state === 'not_premium' ? (
        <div role="status">
          <h2 className="text-lg font-semibold">{copy.notFound}</h2>
          <p className="text-ink/80">{copy.notFoundText}</p>
        </div>
      ) : (
        <SupportNotice view={view} />
      )}
    </article>
  );
}
