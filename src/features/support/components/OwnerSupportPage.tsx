// /support for a premium owner (docs/product.md §2 'Suporte Premium', §6): their tickets with status and the unread mark,
// 'Novo ticket', and one ticket's conversation with a reply box. Online only: offline it says a connection is
// needed. On a desktop the list and the open ticket sit side by side; on a phone the ticket replaces the list.
import { Link } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import type { OwnerTicket } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { ownerSupportText } from '../../../i18n/admin-support.pt-BR.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { OfflineBanner } from '../../sync/index.ts';
import { useSupportRefresh } from '../commands.ts';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import { SupportNotice } from './SupportNotice.tsx';
import { TicketConversation } from './TicketConversation.tsx';
import { TicketPriorityBadge, TicketStatusBadge, UnreadMark } from './TicketBadges.tsx';

const copy = ownerSupportText;

function TicketRow({ ticket, selected, onSelect }: { ticket: OwnerTicket; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected || undefined}
        className={clsx(
          'flex w-full min-w-0 flex-col gap-1 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 hover:bg-brand-50',
          selected ? 'ring-2 ring-brand-600' : 'ring-ink/5',
        )}
      >
        <span className="flex flex-wrap items-center gap-1">
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          {ticket.unreadUser ? <UnreadMark /> : null}
        </span>
        <span className="break-words font-semibold text-brand-900">{ticket.title}</span>
        <time dateTime={ticket.updatedAt} className="text-xs text-ink/60">
          {formatDateTime(ticket.updatedAt)}
        </time>
      </button>
    </li>
  );
}

function TicketList({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const live = useLiveQuery('supportTickets', undefined);
  const view = live.data;
  if (!view) {
    return (
      <div role="status" aria-busy className="flex flex-col gap-2">
        <span className="sr-only">{t.app.loading}</span>
        {[0, 1, 2].map((index) => (
          <div key={index} aria-hidden className="h-24 animate-pulse rounded-2xl bg-brand-100/70" />
        ))}
      </div>
    );
  }
  if (view.state === 'not_premium') return null;
  if (view.state !== 'ready') return <SupportNotice view={view} />;
  if (view.tickets.length === 0) {
    return (
      <div role="status" className="rounded-2xl border border-dashed border-brand-200 bg-white p-6 text-center">
        <p className="font-semibold">{copy.empty}</p>
        <p className="text-sm text-ink/70">{copy.emptyText}</p>
      </div>
    );
  }
  return (
    <ul aria-label={copy.list} className="flex flex-col gap-2">
      {view.tickets.map((ticket) => (
        <TicketRow
          key={ticket.id}
          ticket={ticket}
          selected={ticket.id === selected}
          onSelect={() => {
            onSelect(ticket.id);
          }}
        />
      ))}
    </ul>
  );
}

export function OwnerSupportPage({ ticketId, onSelect }: { ticketId: string | null; onSelect: (id: string | null) => void }) {
  usePageTitle(copy.title);
  const connectivity = useLiveQuery('connectivity', undefined);
  const offline = connectivity.status === 'ok' && !connectivity.data.online;
  const refresh = useSupportRefresh();
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner message={t.offline.banner} />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-4">
        <Link to="/" className="flex items-center gap-2 rounded-lg text-xl font-bold text-brand-700">
          <img src="/icons/favicon.svg" alt="" width={32} height={32} />
          {t.app.name}
        </Link>
        <Link
          to="/account"
          className="flex min-h-11 items-center gap-1 rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft aria-hidden size={18} />
          {copy.backToAccount}
        </Link>
      </header>
      <main id="conteudo" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-4 px-4 pb-12">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="page-title" className="text-2xl font-bold text-brand-900 md:text-3xl">
              {copy.title}
            </h1>
            <p className="text-ink/80">{copy.intro}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" disabled={offline} busy={refresh.pending} onClick={() => void refresh.run()}>
              <RefreshCw aria-hidden size={18} />
              {copy.refresh}
            </Button>
            <NewTicketDialog disabled={offline} onOpened={onSelect} />
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className={clsx(ticketId !== null && 'hidden md:block')}>
            <TicketList selected={ticketId} onSelect={onSelect} />
          </div>
          {ticketId !== null ? (
            <TicketConversation
              key={ticketId}
              ticketId={ticketId}
              onBack={() => {
                onSelect(null);
              }}
            />
          ) : null}
        </div>
      </main>
    </div>
  );
}
