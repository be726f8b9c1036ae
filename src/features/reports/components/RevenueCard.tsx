// The revenue chart of the period (loaded on demand, a pulsing skeleton meanwhile) and the period's KPI cards:
// faturamento, vendas, ticket médio, the cost of the goods sold, the gross margin (faturamento − that cost) and
// despesas, each money figure with a line saying what it is. No bottom line subtracts despesas from the margin:
// stock purchases entered as despesas are already in the cost of the goods once they are sold.
import { lazy, Suspense, useState } from 'react';
import { clsx } from 'clsx';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { ReportCard } from './ReportCard.tsx';
import { ChartSkeleton } from './ReportSkeleton.tsx';

const RevenueChart = lazy(() => import('./RevenueChart.tsx'));
const copy = t.reports;

interface KpiProps {
  label: string;
  value: string;
  /** What the figure is, in a short sentence under it. */
  help?: string;
  tone?: 'good' | 'bad';
  testId: string;
}

function Kpi({ label, value, help, tone, testId }: KpiProps) {
  return (
    <div className="@container min-w-0 rounded-xl bg-brand-50 px-3 py-2" data-testid={testId}>
      <dt className="text-sm text-ink/70">{label}</dt>
      <dd
        data-money
        className={clsx(
          'money-fit font-bold tabular-nums',
          tone === 'bad' ? 'text-red-700' : tone === 'good' ? 'text-brand-700' : 'text-ink',
        )}
      >
        {value}
      </dd>
      {help ? <dd className="mt-0.5 text-xs text-ink/70">{help}</dd> : null}
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
      <dl aria-label={copy.kpisTitle} className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Kpi testId="kpi-revenue" label={copy.kpis.revenue} value={formatBRL(report.revenue.total)} help={copy.kpiHelp.revenue} />
        <Kpi
          testId="kpi-costOfGoods"
          label={copy.kpis.costOfGoods}
          value={formatBRL(report.costOfGoods)}
          help={
            report.withoutCost > 0
              ? `${copy.kpiHelp.costOfGoods} ${copy.costWithoutPrice(report.withoutCost)}`
              : copy.kpiHelp.costOfGoods
          }
        />
        <Kpi
          testId="kpi-grossMargin"
          label={copy.kpis.grossMargin}
          value={formatBRL(report.grossMargin)}
          help={copy.kpiHelp.grossMargin}
          tone={report.grossMargin < 0 ? 'bad' : 'good'}
        />
        <Kpi
          testId="kpi-expenses"
          label={copy.kpis.expenses}
          value={formatBRL(report.expenses.total)}
          help={copy.kpiHelp.expenses}
        />
        <Kpi
          testId="kpi-discounts"
          label={copy.kpis.discounts}
          value={formatBRL(report.discounts)}
          help={copy.kpiHelp.discounts}
        />
        <Kpi testId="kpi-count" label={copy.kpis.count} value={String(report.revenue.count)} />
        <Kpi testId="kpi-averageTicket" label={copy.kpis.averageTicket} value={formatBRL(report.revenue.averageTicket)} />
      </dl>
    </ReportCard>
  );
}
