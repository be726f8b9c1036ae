// /dashboard (Início): greeting, plan, today's sales, quick actions, the period's chart and KPI cards, top
// products and low stock; every figure is computed on the device and follows new sales live.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ShoppingCart } from 'lucide-react';
import type { Period } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSignedInAccount } from '../../account/index.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { LowStockCard } from './LowStockCard.tsx';
import { PeriodCard } from './PeriodCard.tsx';
import { QuickActions, TodayCard } from './TodayCard.tsx';
import { TopProducts } from './TopProducts.tsx';

const copy = t.dashboard;

function NoSalesYet() {
  return (
    <section
      aria-labelledby="no-sales-title"
      className="flex flex-col items-start gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink/5"
      data-testid="no-sales"
    >
      <h2 id="no-sales-title" className="text-lg font-semibold text-brand-900">
        {copy.noSalesTitle}
      </h2>
      <p className="text-ink/80">{copy.noSales}</p>
      <Link to="/sales" className={buttonClass('primary')}>
        <ShoppingCart aria-hidden size={20} />
        {copy.newSale}
      </Link>
    </section>
  );
}

export function DashboardPage() {
  usePageTitle(t.pages.dashboard);
  const account = useSignedInAccount();
  const [period, setPeriod] = useState<Period>('semana');
  const result = useLiveQuery('dashboardFigures', { period });
  const figures = result.data ?? undefined;
  const failed = result.status === 'error';

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <DashboardHeader account={account} />
      {failed ? (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-semibold text-red-800">
          {copy.loadError}
        </p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TodayCard today={figures?.today} failed={failed} />
        <QuickActions />
      </div>
      {figures && !figures.anySales ? (
        <NoSalesYet />
      ) : failed && !figures ? null : (
        <PeriodCard period={period} onPeriodChange={setPeriod} figures={figures} />
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {figures && !figures.anySales ? null : (
          <TopProducts products={figures?.period === period ? figures.topProducts : undefined} failed={failed} />
        )}
        <LowStockCard />
      </div>
    </section>
  );
}
