// The new sale's product list (docs/product.md §2, §9): 500 px high, 140 px rows, only the rows in view (and a few
// around them) are drawn, and only the rows up to the scroll are asked of the worker, so ten thousand products
// scroll as smoothly as ten.
import { useState, type ReactNode } from 'react';

export const LIST_HEIGHT_PX = 500;
export const ROW_HEIGHT_PX = 140;
const OVERSCAN_ROWS = 3;

/** Rows asked of the worker at a time: the list asks for more as it is scrolled. */
export const ROWS_PER_REQUEST = 50;

/** How many rows to load so that the rows up to `last` are there. */
export function rowsToLoad(last: number): number {
  return Math.max(1, Math.ceil(last / ROWS_PER_REQUEST)) * ROWS_PER_REQUEST;
}

/** The rows to draw for a scroll position: [first, last) clamped to the list. */
export function visibleRange(scrollTop: number, count: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const last = Math.min(count, Math.ceil((scrollTop + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + OVERSCAN_ROWS);
  return { first, last };
}

export function VirtualProductList<T extends { id: string }>({
  items,
  total,
  label,
  loadingLabel,
  renderRow,
  onRowsNeeded,
}: {
  /** The rows loaded so far (the first ones). */
  items: readonly T[];
  /** How many rows the list has in all. */
  total: number;
  label: string;
  loadingLabel: string;
  renderRow: (item: T) => ReactNode;
  /** Asked when rows past the loaded ones come into view. */
  onRowsNeeded: (count: number) => void;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const { first, last } = visibleRange(scrollTop, total);
  const rows = Array.from({ length: Math.max(0, last - first) }, (_, index) => first + index);
  return (
    <div
      className="overflow-y-auto rounded-2xl border border-ink/10 bg-white"
      style={{ height: Math.min(LIST_HEIGHT_PX, Math.max(ROW_HEIGHT_PX, total * ROW_HEIGHT_PX)) }}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop;
        setScrollTop(top);
        const needed = visibleRange(top, total).last;
        if (needed > items.length) onRowsNeeded(rowsToLoad(needed));
      }}
      data-testid="sale-product-list"
    >
      <ul aria-label={label} className="relative" style={{ height: total * ROW_HEIGHT_PX }}>
        {rows.map((row) => {
          const item = items[row];
          return (
            <li
              key={item?.id ?? `linha-${row}`}
              className="absolute inset-x-0 border-b border-ink/10 last:border-b-0"
              style={{ top: row * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }}
            >
              {item ? (
                renderRow(item)
              ) : (
                <p role="status" className="flex h-full items-center px-4 text-ink/60">
                  {loadingLabel}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
