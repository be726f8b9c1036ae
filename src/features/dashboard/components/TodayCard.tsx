// Today's sales (total and count) beside the quick actions: Nova venda, Novo produto, Novo cliente.
import { Link } from '@tanstack/react-router';
import { Package, ShoppingCart, UserPlus } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { buttonClass } from '../../../ui/Button.tsx';

const copy = t.dashboard;

export function TodayCard({ today, failed }: { today: { count: number; total: number } | undefined; failed: boolean }) {
  return (
    <div className="rounded-2xl bg-brand-600 p-5 text-white shadow-sm" data-testid="today-sales">
      <h2 className="font-semibold text-white/90">{copy.todaySales}</h2>
      {today ? (
        <>
          <p className="mt-1 text-3xl font-bold tabular-nums [overflow-wrap:anywhere]" data-money>
            {formatBRL(today.total)}
          </p>
          <p className="text-white/90">{copy.salesCount(today.count)}</p>
        </>
      ) : failed ? (
        <p className="mt-1 text-3xl font-bold">—</p>
      ) : (
        <div aria-hidden className="mt-2 flex flex-col gap-2">
          <div className="h-8 w-40 animate-pulse rounded bg-white/30" />
          <div className="h-4 w-20 animate-pulse rounded bg-white/30" />
        </div>
      )}
    </div>
  );
}

export function QuickActions() {
  return (
    <nav aria-label={copy.quickActions} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <h2 className="mb-3 font-semibold text-brand-900">{copy.quickActions}</h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 md:grid-cols-1">
        <Link to="/sales" className={buttonClass('primary', 'px-3')}>
          <ShoppingCart aria-hidden size={20} />
          {copy.newSale}
        </Link>
        <Link to="/products/new" className={buttonClass('secondary', 'px-3')}>
          <Package aria-hidden size={20} />
          {copy.newProduct}
        </Link>
        <Link to="/clients/new" className={buttonClass('secondary', 'px-3')}>
          <UserPlus aria-hidden size={20} />
          {copy.newClient}
        </Link>
      </div>
    </nav>
  );
}
