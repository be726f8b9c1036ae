// The sales list's pages: previous, 'Página X de Y', next; nothing when everything fits on one page.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = salesHistoryText;

export function SalesListPagination({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.pagination} className="flex items-center justify-between gap-2">
      <button
        type="button"
        className={buttonClass('ghost', 'px-3')}
        disabled={page <= 1}
        aria-label={copy.previous}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        <ChevronLeft aria-hidden size={20} />
      </button>
      <span className="text-sm text-ink/80" aria-current="page">
        {copy.pageOf(page, pageCount)}
      </span>
      <button
        type="button"
        className={buttonClass('ghost', 'px-3')}
        disabled={page >= pageCount}
        aria-label={copy.next}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        <ChevronRight aria-hidden size={20} />
      </button>
    </nav>
  );
}
