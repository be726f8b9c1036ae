// /admin: the back-office dashboard (docs/product.md §2): users, premium, MRR, conversion, products, new this week, the
// last 5 admin log entries and the subscription summary (free, premium, ARR), read from the server.
import type { ReactNode } from 'react';
import { Activity, CreditCard, Package, Percent, UserPlus, Users } from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useAdminDashboard } from '../queries.ts';
import { LoadError, SkeletonBlock, SkeletonCards } from '../../../ui/DataStates.tsx';
import { logActionLabel } from '../log-labels.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.admin.dashboard;
const CARD = 'rounded-2xl border border-brand-100 bg-white p-4 shadow-sm';

function Figure({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <section aria-label={label} className={CARD}>
      <div className="flex items-center justify-between gap-2 text-ink/70">
        <h2 className="text-sm font-medium">{label}</h2>
        <span aria-hidden className="text-brand-600">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold text-brand-900 tabular-nums">{value}</p>
    </section>
  );
}

const count = (value: number) => value.toLocaleString('pt-BR');

export function AdminDashboardPage() {
  usePageTitle(t.pages.admin);
  const dashboard = useAdminDashboard();
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6">
      <PageHeader title={t.pages.admin} />
      {dashboard.isPending ? (
        <>
          <SkeletonCards count={6} className="h-24" grid="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" />
          <div className="grid gap-3 lg:grid-cols-2">
            <SkeletonBlock className="h-56" />
            <SkeletonBlock className="h-56" />
          </div>
        </>
      ) : dashboard.isError ? (
        <LoadError title={copy.statsError} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label={copy.totalUsers} value={count(dashboard.data.totalUsers)} icon={<Users size={20} />} />
            <Figure label={copy.premiumUsers} value={count(dashboard.data.premiumUsers)} icon={<CreditCard size={20} />} />
            <Figure label={copy.mrr} value={formatBRL(dashboard.data.mrr)} icon={<CreditCard size={20} />} />
            <Figure label={copy.conversion} value={copy.percent(dashboard.data.conversion)} icon={<Percent size={20} />} />
            <Figure label={copy.products} value={count(dashboard.data.products)} icon={<Package size={20} />} />
            <Figure label={copy.newThisWeek} value={count(dashboard.data.newThisWeek)} icon={<UserPlus size={20} />} />
          </div>
          <div className="grid gap-3 lg:grid-cols-2">
            <section aria-labelledby="atividade" className={CARD}>
              <h2 id="atividade" className="flex items-center gap-2 font-semibold text-brand-900">
                <Activity aria-hidden size={18} />
                {copy.recentActivity}
              </h2>
              {dashboard.data.recentActivity.length === 0 ? (
                <p className="mt-3 text-ink/70">{copy.noActivity}</p>
              ) : (
                <ul className="mt-3 divide-y divide-brand-100">
                  {dashboard.data.recentActivity.map((entry) => (
                    <li
                      key={entry.id}
                      className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                    >
                      <span className="min-w-0 break-words font-medium">
                        {logActionLabel(entry.action)}
                        {entry.targetType ? (
                          <span className="ml-2 text-sm text-ink/60">{copy.targets[entry.targetType] ?? entry.targetType}</span>
                        ) : null}
                      </span>
                      <time dateTime={entry.createdAt} className="shrink-0 text-sm text-ink/70">
                        {formatDateTime(entry.createdAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="assinaturas" className={CARD}>
              <h2 id="assinaturas" className="font-semibold text-brand-900">
                {copy.subscriptions}
              </h2>
              <dl className="mt-3 divide-y divide-brand-100">
                <div className="flex justify-between gap-3 py-2">
                  <dt>{copy.free}</dt>
                  <dd className="font-semibold tabular-nums">{count(dashboard.data.freeUsers)}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{copy.premium}</dt>
                  <dd className="font-semibold tabular-nums">{count(dashboard.data.premiumUsers)}</dd>
                </div>
                <div className="flex justify-between gap-3 py-2">
                  <dt>{copy.arr}</dt>
                  <dd className="font-semibold tabular-nums">{formatBRL(dashboard.data.arr)}</dd>
                </div>
              </dl>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
