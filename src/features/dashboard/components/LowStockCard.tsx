// Products below their minimum stock: the first 5, how many in all, and the way to all of them in the product list.
import { Link } from '@tanstack/react-router';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { LowStockList } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { quantityLabel } from '../chart-labels.ts';

const copy = t.dashboard;
const LOW_STOCK_SKELETON: SkeletonShape = { count: 3, className: 'h-6 rounded', grid: 'flex flex-col gap-2' };

function LowStockItems({ list }: { list: LowStockList }) {
  if (list.total === 0) {
    return (
      <p className="flex items-center gap-2 text-ink/80">
        <CheckCircle2 aria-hidden size={20} className="shrink-0 text-brand-600" />
        {copy.lowStockEmpty}
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-ink/5" data-testid="low-stock">
        {list.items.map((item) => (
          <li key={item.id}>
            <Link
              to="/products/$id"
              params={{ id: item.id }}
              className="flex min-h-11 items-center gap-3 rounded-lg py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
            >
              <AlertTriangle aria-hidden size={18} className="shrink-0 text-red-700" />
              <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-3">
                <span className="line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere]">{item.nome}</span>
                <span className="text-sm font-semibold tabular-nums text-red-700">
                  {copy.lowStockLevel(quantityLabel(item.estoque, item.unidade), quantityLabel(item.estoqueMinimo, item.unidade))}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-ink/70" data-testid="low-stock-count">
        {copy.lowStockCount(list.items.length, list.total)}
      </p>
    </>
  );
}

export function LowStockCard() {
  const result = useLiveQuery('dashboardLowStock', undefined);
  return (
    <section aria-labelledby="low-stock-title" className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <h2 id="low-stock-title" className="mb-3 text-lg font-semibold text-brand-900">
        {copy.lowStock}
      </h2>
      <DataStates
        state={result}
        skeleton={LOW_STOCK_SKELETON}
        failure={{
          title: copy.lowStockErrorTitle,
          message: copy.lowStockError,
          children: (
            <Link to="/products" className={buttonClass('secondary')}>
              {copy.manageProducts}
            </Link>
          ),
        }}
      >
        {(list) => (
          <>
            <LowStockItems list={list} />
            <Link to="/products" search={{ estoque: 'baixo' }} className={buttonClass('ghost', 'mt-2 self-start px-2')}>
              {copy.seeAllProducts}
            </Link>
          </>
        )}
      </DataStates>
    </section>
  );
}
