// The revenue chart of the period (loaded on demand, a pulsing skeleton meanwhile) and the period's KPI cards:
// faturamento, vendas, ticket médio, despesas and the result (faturamento − despesas).
import { lazy, Suspense, useState } from 'react';
import { clsx } from 'clsx';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { ReportCard } from './ReportCard.tsx';

const RevenueChart = lazy(() => import('./RevenueChart.tsx'));
const copy = t.reports;

export function ChartSkeleton() {
  return (
    <div className="flex h-full items-end gap-2 px-2" aria-label={copy.chartLoading} role="status">
      {[40, 65, 30, 80, 55, 70, 45].map((height, index) => (
        <div key={index} className="flex-1 animate-pulse rounded-t bg-brand-100" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

function Kpi({ label, value, tone }: { label: string; value: string; tone?: 'good' | 'bad' }) {
  return (
    <div className="min-w-0 rounded-xl bg-brand-50 px-3 py-2">
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd
        className={clsx(
          'truncate text-lg font-bold tabular-nums',
          tone === 'bad' ? 'text-red-700' : tone === 'good' ? 'text-brand-700' : 'text-ink',
        )}
      >
        {value}
      </dd>
    </div>
  );
}

export function RevenueCard({ report }: { report: SalesReport }) {
  const [painted, setPainted] = useState<string | null>(null);
  const title = copy.chartTitles[report.granularity];
  const key = `${report.from}:${report.to}:${report.granularity}`;
  return (
    <ReportCard id="receita-titulo" title={title}>
      <figure
        className="relative h-56 sm:h-64"
        aria-label={copy.chartLabel(title, formatBRL(report.revenue.total), report.revenue.count)}
        data-testid="revenue-chart"
        data-painted={painted === key ? 'true' : undefined}
      >
        <Suspense fallback={<ChartSkeleton />}>
          <RevenueChart
            granularity={report.granularity}
            from={report.from}
            points={report.points}
            onPainted={() => {
              setPainted(key);
            }}
          />
        </Suspense>
        {report.revenue.count === 0 ? (
          <figcaption className="pointer-events-none absolute inset-x-0 top-1/3 text-center text-ink/70">
            {copy.noSalesInPeriod}
          </figcaption>
        ) : null}
      </figure>
      <dl aria-label={copy.kpisTitle} className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Kpi label={copy.kpis.revenue} value={formatBRL(report.revenue.total)} />
        <Kpi label={copy.kpis.count} value={String(report.revenue.count)} />
        <Kpi label={copy.kpis.averageTicket} value={formatBRL(report.revenue.averageTicket)} />
        <Kpi label={copy.kpis.expenses} value={formatBRL(report.expenses.total)} />
        <div className="col-span-2 lg:col-span-1">
          <Kpi label={copy.kpis.result} value={formatBRL(report.result)} tone={report.result < 0 ? 'bad' : 'good'} />
        </div>
      </dl>
    </ReportCard>
  );
}
