// A ticket's status and priority badges (docs/product.md §4: Urgente, Alta, Média, Baixa) and 'Novo do Cliente'.
import { clsx } from 'clsx';
import type { TicketPriority, TicketStatus } from '../../../../workers/support/schema.ts';
import { adminSupportText } from '../../../i18n/admin-support.pt-BR.ts';

const copy = adminSupportText;
export const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

const STATUS_COLOURS: Record<TicketStatus, string> = {
  open: 'bg-sky-100 text-sky-900',
  in_progress: 'bg-amber-100 text-amber-900',
  resolved: 'bg-green-100 text-green-800',
  closed: 'bg-ink/10 text-ink/80',
};

const PRIORITY_COLOURS: Record<TicketPriority, string> = {
  urgent: 'bg-red-100 text-red-800',
  high: 'bg-orange-100 text-orange-900',
  medium: 'bg-brand-50 text-brand-700',
  low: 'bg-ink/5 text-ink/70',
};

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <span className={clsx(BADGE, STATUS_COLOURS[status])}>{copy.statusNames[status]}</span>;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <span className={clsx(BADGE, PRIORITY_COLOURS[priority])}>{copy.priorityNames[priority]}</span>;
}

export function NewFromClientBadge() {
  return <span className={clsx(BADGE, 'bg-red-600 text-white')}>{copy.newFromClient}</span>;
}
