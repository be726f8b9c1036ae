// Numbered pages: previous, the pages around the current one (with the first and last), next.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';

const copy = t.clients;

/** The page numbers to show: first, last and the current one with a neighbour each side; gaps as null. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const shown: (number | null)[] = [];
  for (const n of sorted) {
    const previous = shown.at(-1);
    if (typeof previous === 'number' && n - previous > 1) shown.push(null);
    shown.push(n);
  }
  return shown;
}

const cell = 'flex h-11 min-w-11 items-center justify-center rounded-xl px-2 font-semibold';

export function Pagination({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={copy.pagination} className="flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        className={clsx(cell, 'text-brand-700 hover:bg-brand-50 disabled:opacity-40')}
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1);
        }}
        aria-label={copy.previous}
      >
        <ChevronLeft aria-hidden size={20} />
      </button>
      {visiblePages(page, pageCount).map((n, index) =>
        n === null ? (
          <span key={`gap-${String(index)}`} aria-hidden className={clsx(cell, 'text-ink/50')}>
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            aria-label={copy.pageLabel(n)}
            aria-current={n === page ? 'page' : undefined}
            className={clsx(cell, n === page ? 'bg-brand-600 text-white' : 'text-brand-700 hover:bg-brand-50')}
            onClick={() => {
              onPage(n);
            }}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className={clsx(cell, 'text-brand-700 hover:bg-brand-50 disabled:opacity-40')}
        disabled={page >= pageCount}
        onClick={() => {
          onPage(page + 1);
        }}
        aria-label={copy.next}
      >
        <ChevronRight aria-hidden size={20} />
      </button>
    </nav>
  );
}
