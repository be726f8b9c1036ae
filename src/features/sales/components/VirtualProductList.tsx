// The new sale's product list (spec 2 §2, §9): 500 px high, 140 px rows, only the rows in view (and a few
// around them) are drawn, so ten thousand products scroll as smoothly as ten.
import { useState, type ReactNode } from 'react';

export const LIST_HEIGHT_PX = 500;
export const ROW_HEIGHT_PX = 140;
const OVERSCAN_ROWS = 3;

/** The rows to draw for a scroll position: [first, last) clamped to the list. */
export function visibleRange(scrollTop: number, count: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT_PX) - OVERSCAN_ROWS);
  const last = Math.min(count, Math.ceil((scrollTop + LIST_HEIGHT_PX) / ROW_HEIGHT_PX) + OVERSCAN_ROWS);
  return { first, last };
}

export function VirtualProductList<T extends { id: string }>({
  items,
  label,
  renderRow,
}: {
  items: readonly T[];
  label: string;
  renderRow: (item: T) => ReactNode;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const { first, last } = visibleRange(scrollTop, items.length);
  return (
    <div
      className="overflow-y-auto rounded-2xl border border-ink/10 bg-white"
      style={{ height: Math.min(LIST_HEIGHT_PX, Math.max(ROW_HEIGHT_PX, items.length * ROW_HEIGHT_PX)) }}
      onScroll={(event) => {
        setScrollTop(event.currentTarget.scrollTop);
      }}
      data-testid="sale-product-list"
    >
      <ul aria-label={label} className="relative" style={{ height: items.length * ROW_HEIGHT_PX }}>
        {items.slice(first, last).map((item, index) => (
          <li
            key={item.id}
            className="absolute inset-x-0 border-b border-ink/10 last:border-b-0"
            style={{ top: (first + index) * ROW_HEIGHT_PX, height: ROW_HEIGHT_PX }}
          >
            {renderRow(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
