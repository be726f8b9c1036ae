// Relatórios: the period switch, the revenue chart with the period's figures, à vista x fiado and payment methods,
// top products by revenue and by margin, fiado receivables by age, sales beyond the stock, and the recent sales.
// A period inside what the device keeps is computed live on the device (offline too); an older one comes from the
// server, and offline says so instead of showing figures. The export is Premium.
import { Link, useNavigate } from '@tanstack/react-router';
import { CloudOff, ShoppingCart } from 'lucide-react';
import type { ReportOnlineOnly, ReportParams, SalesReport } from '../../../../workers/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSignedInAccount } from '../../account/index.ts';
import { SalesList } from '../../sales/index.ts';
import { periodText } from '../report-export.ts';
import { OversoldCard } from './OversoldCard.tsx';
import { ReceivablesCard } from './ReceivablesCard.tsx';
import { PremiumCallToAction } from '../../../ui/PremiumCallToAction.tsx';
import { ExportReportMenu } from './ReportActions.tsx';
import { ReportPeriodSwitch } from './ReportPeriodSwitch.tsx';
import { ReportSkeleton } from './ReportSkeleton.tsx';
import { RevenueCard } from './RevenueCard.tsx';
import { SalesMixCard } from './SalesMixCard.tsx';
import { TopProductsCard } from './TopProductsCard.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.reports;

function NoSalesYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-ink/5">
      <p className="text-lg font-semibold text-ink">{copy.noSalesTitle}</p>
      <p className="max-w-md text-ink/70">{copy.noSales}</p>
      <Link to="/sales" className={buttonClass('primary', 'px-4')}>
        <ShoppingCart aria-hidden size={20} />
        {copy.newSale}
      </Link>
    </div>
  );
}

function OnlineOnly({ report }: { report: ReportOnlineOnly }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-ink/5"
    >
      <CloudOff aria-hidden size={32} className="text-brand-700" />
      <p className="text-lg font-semibold text-ink">{copy.onlineOnlyTitle}</p>
      <p className="max-w-md text-ink/70">{copy.onlineOnlyText(formatDate(report.keptFrom))}</p>
    </div>
  );
}

function ReportBody({ report }: { report: SalesReport }) {
  return (
    <>
      <RevenueCard report={report} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SalesMixCard report={report} />
        <ReceivablesCard report={report} />
        <TopProductsCard report={report} by="receita" />
        <TopProductsCard report={report} by="margem" />
      </div>
      <OversoldCard report={report} />
    </>
  );
}

export function ReportsPage({ params }: { params: ReportParams }) {
  usePageTitle(t.pages.reports);
  const navigate = useNavigate();
  const account = useSignedInAccount();
  const result = useLiveQuery('salesReport', params);
  // The figures of the previous period may still be on screen for a moment after a switch.
  const view = result.status === 'ok' ? result.data : null;
  const report = view?.kind === 'figures' ? view : null;
  const custom = params.period === 'custom' ? params : undefined;
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <PageHeader title={copy.title} />
          {view ? <p className="text-sm text-ink/70">{periodText(view)}</p> : null}
        </div>
        {account.plan.isPremium && report ? <ExportReportMenu report={report} /> : null}
      </div>
      {account.plan.isPremium ? null : (
        <PremiumCallToAction title={t.reports.premiumTitle} text={t.reports.premiumText} cta={t.reports.premiumCta} />
      )}
      <ReportPeriodSwitch
        key={params.period}
        period={params.period}
        from={custom?.from}
        to={custom?.to}
        suggested={{ from: view ? view.from : '', to: view ? view.to : '' }}
        onPeriod={(period) => {
          void navigate({ to: '/reports', search: { periodo: period === 'dia' ? undefined : period }, replace: true });
        }}
        onRange={(from, to) => {
          void navigate({ to: '/reports', search: { periodo: 'custom', de: from, ate: to }, replace: true });
        }}
      />
      {result.status === 'loading' || (result.status === 'ok' && result.data === null) ? (
        <ReportSkeleton />
      ) : result.status === 'error' ? (
        <div role="alert" className="rounded-2xl bg-red-50 p-4 text-center text-red-800">
          <p className="font-semibold">{copy.errorTitle}</p>
          <p>{copy.loadError}</p>
        </div>
      ) : view?.kind === 'online_only' ? (
        <OnlineOnly report={view} />
      ) : report && !report.anySales ? (
        <NoSalesYet />
      ) : report ? (
        <ReportBody report={report} />
      ) : null}
      <section aria-labelledby="recentes-titulo" className="flex flex-col gap-3">
        <h2 id="recentes-titulo" className="text-lg font-semibold text-brand-900">
          {copy.recentSales}
        </h2>
        <SalesList initialPeriod="hoje" />
      </section>
    </section>
  );
}
