// The support ticket's detail modal (docs/product.md §2, §4): who opened it, the first-response and resolution stamps, the
// description and the conversation oldest first (Cliente / Suporte with times); while open or in progress a reply
// box and the status buttons ('Marcar como Em Andamento' disabled when already so). Opening an unread ticket
// marks it read for the admin.
import { useEffect } from 'react';
import type { SupportTicketCard } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { TicketMessages, TicketReplyForm } from '../../support/index.ts';
import { useMarkTicketRead, useMoveTicket, useReplyTicket } from '../support-actions.ts';
import { useSupportTicket } from '../support-queries.ts';
import { LoadError, SkeletonBlock } from '../../../ui/DataStates.tsx';
import { PriorityBadge, StatusBadge } from './SupportBadges.tsx';

const copy = t.adminSupport;

function Stamp({ term, value }: { term: string; value: string | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink/60">{term}</dt>
      <dd className="break-words text-sm font-medium">{value ? formatDateTime(value) : copy.notYet}</dd>
    </div>
  );
}

function ReplyBox({ ticket }: { ticket: SupportTicketCard }) {
  const reply = useReplyTicket();
  const move = useMoveTicket();
  return (
    <>
      <TicketReplyForm copy={copy} pending={reply.pending} onSend={(text) => reply.run(ticket.id, text)} />
      <div className="flex flex-col gap-2 border-t border-brand-100 pt-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="secondary"
          disabled={ticket.status === 'in_progress' || move.pending}
          onClick={() => void move.run(ticket.id, 'in_progress')}
        >
          {copy.markInProgress}
        </Button>
        <Button variant="secondary" disabled={move.pending} onClick={() => void move.run(ticket.id, 'resolved')}>
          {copy.markResolved}
        </Button>
        <Button variant="secondary" disabled={move.pending} onClick={() => void move.run(ticket.id, 'closed')}>
          {copy.markClosed}
        </Button>
      </div>
    </>
  );
}

function TicketBody({ card }: { card: SupportTicketCard }) {
  const detail = useSupportTicket(card.id);
  const markRead = useMarkTicketRead();
  const { run } = markRead;
  useEffect(() => {
    if (card.unreadAdmin) void run(card.id);
  }, [card.id, card.unreadAdmin, run]);
  const ticket = detail.data?.ticket ?? card;
  const finished = ticket.status === 'resolved' || ticket.status === 'closed';
  const owner = detail.data?.owner;
  return (
    <div className="mt-3 flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-1">
        <StatusBadge status={ticket.status} />
        <PriorityBadge priority={ticket.priority} />
      </div>
      <h3 className="break-words text-lg font-semibold text-brand-900">{ticket.title}</h3>
      {owner ? (
        <p className="break-words text-sm">
          <span className="text-ink/60">{copy.openedBy}: </span>
          {[owner.nome, owner.nomeMercado, owner.email].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-paper p-3 sm:grid-cols-4">
        <Stamp term={copy.createdAt} value={ticket.createdAt} />
        <Stamp term={copy.firstResponse} value={ticket.firstResponseAt} />
        <Stamp term={copy.lastResponse} value={ticket.lastResponseAt} />
        <Stamp term={copy.resolvedAt} value={ticket.resolvedAt} />
      </dl>
      {ticket.description ? (
        <section aria-label={copy.description}>
          <h4 className="text-sm font-semibold text-ink/70">{copy.description}</h4>
          <p className="whitespace-pre-wrap break-words">{ticket.description}</p>
        </section>
      ) : null}
      <section aria-label={copy.conversation} className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-ink/70">{copy.conversation}</h4>
        {detail.isError && !detail.data ? (
          <LoadError title={copy.detailsError} error={detail.error} onRetry={() => void detail.refetch()} />
        ) : detail.data ? (
          <TicketMessages
            messages={detail.data.messages}
            own="admin"
            ownLabel={copy.fromSupport}
            otherLabel={copy.fromClient}
            emptyText={copy.noMessages}
          />
        ) : (
          <div role="status" aria-busy className="flex flex-col gap-2">
            <span className="sr-only">{t.admin.loading}</span>
            <SkeletonBlock className="h-14 w-3/4" />
            <SkeletonBlock className="h-14 w-2/3 self-end" />
          </div>
        )}
      </section>
      {finished ? (
        <p role="note" className="rounded-xl bg-brand-50 p-3 text-sm">
          {copy.ticketClosedNotice}
        </p>
      ) : (
        <ReplyBox ticket={ticket} />
      )}
    </div>
  );
}

export function SupportTicketDialog({ ticket, onClose }: { ticket: SupportTicketCard | null; onClose: () => void }) {
  return (
    <FormDialog
      open={ticket !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={copy.detailsTitle}
      closeLabel={copy.close}
      size="xl"
    >
      {ticket ? <TicketBody key={ticket.id} card={ticket} /> : null}
    </FormDialog>
  );
}
