// /reports?periodo=dia|semana|mes|custom&de=…&ate=…: the owner's reports (the page's code loads on demand, with a
// skeleton meanwhile); an invalid period or range opens today.
import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../../features/reports/components/ReportsPage.tsx';
import { ReportsPending } from '../../../features/reports/components/ReportSkeleton.tsx';
import { readReportSearch, reportParamsOf } from '../../../features/reports/report-params.ts';

export const Route = createFileRoute('/_auth/_owner/reports')({
  validateSearch: readReportSearch,
  pendingComponent: ReportsPending,
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  return <ReportsPage params={reportParamsOf(search)} />;
}
