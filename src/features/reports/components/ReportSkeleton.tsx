// The reports page while its figures load (and the route's fallback while its code loads): pulsing blocks where
// the chart and the cards will be. The route shows it before any of the page's code has loaded, so it imports none of it.
import { t } from '../../../i18n/pt-BR.ts';

/** The revenue chart while it loads (its code, or the period's figures). */
export function ChartSkeleton() {
  return (
    <div className="flex h-full items-end gap-2 px-2" aria-label={t.reports.chartLoading} role="status">
      {[40, 65, 30, 80, 55, 70, 45].map((height, index) => (
        <div key={index} className="flex-1 animate-pulse rounded-t bg-brand-100" style={{ height: `${height}%` }} />
      ))}
    </div>
  );
}

export function ReportSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <p role="status" className="sr-only">
        {t.app.loading}
      </p>
      <div className="h-72 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
        <ChartSkeleton />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((cell) => (
          <div key={cell} className="h-48 animate-pulse rounded-2xl bg-brand-50" />
        ))}
      </div>
    </div>
  );
}

/** The route's fallback: the title and the skeleton, before the page's code has arrived. */
export function ReportsPending() {
  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-brand-900">{t.reports.title}</h1>
      <ReportSkeleton />
    </section>
  );
}
