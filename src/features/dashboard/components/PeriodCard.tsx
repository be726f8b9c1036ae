// The period section: the switch (Dia, Semana, Mês), the sales chart (loaded on demand) and the KPI cards.
import { lazy, Suspense } from 'react';
import type { DashboardView, Period } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { KpiCards } from './KpiCards.tsx';
import { PeriodSwitch } from './PeriodSwitch.tsx';

const SalesChart = lazy(() => import('./SalesChart.tsx'));
const copy = t.dashboard;

function ChartSkeleton() {
  return (
    <div className="flex h-full items-end gap-2 px-2" aria-label={copy.chartLoading} role="status">
      {[40, 65, 30, 80, 55, 70, 45].map((height, index) => (
        <div key={index} className="flex-1 animate-pulse rounded-t bg-brand-100" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

export function PeriodCard({
  period,
  onPeriodChange,
  figures,
}: {
  period: Period;
  onPeriodChange: (period: Period) => void;
  /** Undefined while loading. */
  figures: DashboardView | undefined;
}) {
  const title = copy.chartTitles[period];
  // The figures of another period may still be on screen for a moment after the switch.
  const shown = figures?.period === period ? figures : undefined;
  return (
    <section aria-labelledby="period-title" className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="period-title" className="text-lg font-semibold text-brand-900">
          {title}
        </h2>
        <PeriodSwitch value={period} onChange={onPeriodChange} />
      </div>
      <figure
        className="relative h-56 sm:h-64"
        aria-label={shown ? copy.chartLabel(title, copy.chartSummary(formatBRL(shown.kpis.total), shown.kpis.count)) : title}
        data-testid="sales-chart"
      >
        {shown ? (
          <Suspense fallback={<ChartSkeleton />}>
            <SalesChart period={shown.period} points={shown.points} />
          </Suspense>
        ) : (
          <ChartSkeleton />
        )}
        {shown && shown.kpis.count === 0 ? (
          <figcaption className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-ink/70">
            {copy.noSalesInPeriod}
          </figcaption>
        ) : null}
      </figure>
      {shown ? (
        <KpiCards kpis={shown.kpis} />
      ) : (
        <div aria-hidden className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((cell) => (
            <div key={cell} className="h-16 animate-pulse rounded-xl bg-brand-50" />
          ))}
        </div>
      )}
    </section>
  );
}
