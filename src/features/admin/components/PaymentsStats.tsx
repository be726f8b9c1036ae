// The four cards of /admin/payments (docs/product.md §2): Receita Total, Total de Transações, Pagamentos Pendentes and
// Assinaturas Ativas, computed by the server; pulsing while they load, an error with 'Tentar novamente'.
import type { ReactNode } from 'react';
import { Clock, CreditCard, DollarSign, Users } from 'lucide-react';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useAdminPaymentStats } from '../payments-queries.ts';
import { LoadError, SkeletonCards } from '../../../ui/DataStates.tsx';

const copy = t.adminPayments;
const GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-4';

function Figure({ label, value, hint, icon }: { label: string; value: string; hint?: string; icon: ReactNode }) {
  return (
    <section aria-label={label} className="min-w-0 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2 text-ink/70">
        <h2 className="text-sm font-medium">{label}</h2>
        <span aria-hidden className="text-brand-600">
          {icon}
        </span>
      </div>
      <p className="mt-2 text-xl font-bold break-words text-brand-900 tabular-nums sm:text-2xl">{value}</p>
      {hint ? <p className="mt-1 text-xs text-ink/60">{hint}</p> : null}
    </section>
  );
}

const count = (value: number) => value.toLocaleString('pt-BR');

export function PaymentsStats() {
  const stats = useAdminPaymentStats();
  if (stats.isPending) return <SkeletonCards count={4} className="h-28" grid={GRID} />;
  if (stats.isError) return <LoadError title={copy.statsError} error={stats.error} onRetry={() => void stats.refetch()} />;
  const figures = stats.data;
  return (
    <div className={GRID}>
      <Figure label={copy.revenue} value={formatBRL(figures.revenue)} hint={copy.revenueHint} icon={<DollarSign size={20} />} />
      <Figure label={copy.transactions} value={count(figures.transactions)} icon={<CreditCard size={20} />} />
      <Figure label={copy.pending} value={count(figures.pending)} icon={<Clock size={20} />} />
      <Figure label={copy.active} value={count(figures.activeSubscriptions)} hint={copy.activeHint} icon={<Users size={20} />} />
    </div>
  );
}
