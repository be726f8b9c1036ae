// /admin/support 'Suporte ao Cliente' (docs/product.md §2): the board of four columns (Abertos, Andamento, Resolvidos,
// Fechados) with their counts and 'Nenhum ticket' when empty; four side by side on a desktop, a row that snaps
// column by column on a phone (with a jump bar). Each column shows its newest tickets and 'Ver mais' for older.
import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import type { BoardQuery, SupportColumn, SupportTicketCard } from '../../../../workers/api.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../../../workers/support/schema.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSupportBoard } from '../support-queries.ts';
import { useLiveSupportBoard } from '../support-live.ts';
import { LoadError, SkeletonBlock } from '../../../ui/DataStates.tsx';
import { SupportCard } from './SupportCard.tsx';
import { SupportTicketDialog } from './SupportTicketDialog.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.adminSupport;
const PAGE = 20;
const FIRST: Required<BoardQuery> = { open: PAGE, in_progress: PAGE, resolved: PAGE, closed: PAGE };
const BOARD = 'flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2 md:grid md:grid-cols-2 md:overflow-visible xl:grid-cols-4';
const COLUMN = 'flex w-[85%] shrink-0 snap-start flex-col gap-3 rounded-2xl bg-brand-50/60 p-3 md:w-auto';
const columnId = (status: TicketStatus) => `coluna-${status}`;

function Column({
  column,
  onOpen,
  onMore,
  busy,
}: {
  column: SupportColumn;
  onOpen: (ticket: SupportTicketCard) => void;
  onMore: () => void;
  busy: boolean;
}) {
  const titleId = `${columnId(column.status)}-titulo`;
  return (
    <section id={columnId(column.status)} aria-labelledby={titleId} className={COLUMN}>
      <h2 id={titleId} className="flex items-center justify-between gap-2 font-semibold text-brand-900">
        {copy.columns[column.status]}
        <span className="rounded-full bg-white px-2 py-0.5 text-sm" aria-label={copy.count(column.total)}>
          {column.total}
        </span>
      </h2>
      {column.tickets.length === 0 ? (
        <p className="rounded-xl border border-dashed border-brand-200 bg-white/60 p-4 text-center text-sm text-ink/70">
          {copy.empty}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {column.tickets.map((ticket) => (
            <SupportCard key={ticket.id} ticket={ticket} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {column.total > column.tickets.length ? (
        <div className="flex flex-col items-center gap-1">
          <p className="text-xs text-ink/60">{copy.shownOf(column.tickets.length, column.total)}</p>
          <Button variant="ghost" disabled={busy} onClick={onMore}>
            {copy.showMore}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-busy className={BOARD}>
      <span className="sr-only">{t.admin.loading}</span>
      {TICKET_STATUSES.map((status) => (
        <div key={status} className={COLUMN}>
          <SkeletonBlock className="h-6 w-28" />
          <SkeletonBlock className="h-36" />
          <SkeletonBlock className="h-36" />
        </div>
      ))}
    </div>
  );
}

export function SupportBoardPage() {
  usePageTitle(t.pages.adminSupport);
  const [sizes, setSizes] = useState<Required<BoardQuery>>(FIRST);
  const [selected, setSelected] = useState<SupportTicketCard | null>(null);
  const board = useSupportBoard(sizes);
  useLiveSupportBoard();
  const jump = (status: TicketStatus) => {
    document.getElementById(columnId(status))?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
  };
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.adminSupport}>
        <Button variant="secondary" busy={board.isFetching} onClick={() => void board.refetch()}>
          <RefreshCw aria-hidden size={18} />
          {copy.refresh}
        </Button>
      </PageHeader>
      {board.data ? (
        <nav aria-label={copy.columnsLabel} className="grid grid-cols-2 gap-1 md:hidden">
          {board.data.columns.map((column) => (
            <button
              key={column.status}
              type="button"
              onClick={() => {
                jump(column.status);
              }}
              className="min-h-11 rounded-lg bg-white px-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-100"
            >
              {copy.columns[column.status]} ({column.total})
            </button>
          ))}
        </nav>
      ) : null}
      {board.isError && !board.data ? (
        <LoadError title={copy.loadError} error={board.error} onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <BoardSkeleton />
      ) : (
        <div className={BOARD} aria-busy={board.isFetching || undefined}>
          {board.data.columns.map((column) => (
            <Column
              key={column.status}
              column={column}
              busy={board.isFetching}
              onOpen={setSelected}
              onMore={() => {
                setSizes((current) => ({ ...current, [column.status]: Math.min(200, current[column.status] + PAGE) }));
              }}
            />
          ))}
        </div>
      )}
      <SupportTicketDialog
        ticket={selected}
        onClose={() => {
          setSelected(null);
        }}
      />
    </section>
  );
}
