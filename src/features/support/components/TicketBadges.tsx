// A ticket's status and priority as the owner reads them, and the 'Nova resposta' mark.
import { clsx } from 'clsx';
import type { TicketPriority, TicketStatus } from '../../../../workers/support/schema.ts';
import { ownerSupportText } from '../../../i18n/admin-support.pt-BR.ts';

const copy = ownerSupportText;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const STATUS: Record<TicketStatus, string> = {
  open: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-amber-100 text-amber-900',
  resolved: 'bg-green-100 text-green-800',
  closed: 'bg-ink/10 text-ink/80',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <span className={clsx(BADGE, STATUS[status])}>{copy.statusNames[status]}</span>;
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <span className={clsx(BADGE, priority === 'urgent' ? 'bg-red-100 text-red-800' : 'bg-brand-50 text-brand-700')}>
      {copy.priorityNames[priority]}
    </span>
  );
}

export function UnreadMark() {
  return (
    <span className={clsx(BADGE, 'gap-1 bg-red-600 text-white')}>
      <span aria-hidden>!</span>
      {copy.unread}
    </span>
  );
}
