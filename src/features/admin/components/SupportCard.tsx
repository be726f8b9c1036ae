// One ticket on the support board: status, priority, date, title, two lines of description and 'Novo do Cliente';
// the card opens the detail modal; below it, a button to move it to each other column, and 'Arquivar' when closed.
import { Archive, ArrowRight } from 'lucide-react';
import type { SupportTicketCard } from '../../../../workers/api.ts';
import { TICKET_STATUSES } from '../../../../workers/support/schema.ts';
import { adminSupportText } from '../../../i18n/admin-support.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useArchiveTicket, useMoveTicket } from '../support-actions.ts';
import { NewFromClientBadge, PriorityBadge, StatusBadge } from './SupportBadges.tsx';

const copy = adminSupportText;
const SMALL =
  'inline-flex min-h-11 items-center gap-1 rounded-lg border border-brand-100 px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60';

export function SupportCard({ ticket, onOpen }: { ticket: SupportTicketCard; onOpen: (ticket: SupportTicketCard) => void }) {
  const move = useMoveTicket();
  const archive = useArchiveTicket();
  const busy = move.pending || archive.pending;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-brand-100 bg-white p-3 shadow-sm" data-ticket={ticket.id}>
      <button
        type="button"
        onClick={() => {
          onOpen(ticket);
        }}
        aria-label={copy.openDetails(ticket.title)}
        className="flex min-w-0 flex-col gap-2 rounded-xl text-left focus-visible:outline-3 focus-visible:outline-accent-400"
      >
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {ticket.newFromClient ? <NewFromClientBadge /> : null}
        </span>
        <time dateTime={ticket.createdAt} className="text-xs text-ink/60">
          {formatDateTime(ticket.createdAt)}
        </time>
        <span className="break-words font-semibold text-brand-900">{ticket.title}</span>
        {ticket.description ? <span className="line-clamp-2 break-words text-sm text-ink/80">{ticket.description}</span> : null}
      </button>
      <div className="flex flex-wrap gap-1" role="group" aria-label={copy.moveTo}>
        {TICKET_STATUSES.filter((status) => status !== ticket.status).map((status) => (
          <button
            key={status}
            type="button"
            className={SMALL}
            disabled={busy}
            aria-label={copy.moveTicketTo(ticket.title, copy.columns[status])}
            onClick={() => void move.run(ticket.id, status)}
          >
            <ArrowRight aria-hidden size={14} />
            {copy.columns[status]}
          </button>
        ))}
        {ticket.status === 'closed' ? (
          <button
            type="button"
            className={`${SMALL} border-red-200 text-red-800 hover:bg-red-50`}
            disabled={busy}
            aria-label={copy.archiveTicket(ticket.title)}
            onClick={() => void archive.run(ticket.id)}
          >
            <Archive aria-hidden size={14} />
            {copy.archive}
          </button>
        ) : null}
      </div>
    </li>
  );
}
