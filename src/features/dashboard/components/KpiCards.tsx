// The period's KPI cards: total sold, number of sales, average ticket and what was sold on fiado; an amount shrinks
// with its card (two side by side at 360 px) rather than being cut off.
import type { DashboardFigures } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';

const copy = t.dashboard;

export function KpiCards({ kpis }: { kpis: DashboardFigures['kpis'] }) {
  const cards = [
    { key: 'total', label: copy.kpis.total, value: formatBRL(kpis.total) },
    { key: 'count', label: copy.kpis.count, value: String(kpis.count) },
    { key: 'averageTicket', label: copy.kpis.averageTicket, value: formatBRL(kpis.averageTicket) },
    { key: 'fiado', label: copy.kpis.fiado, value: formatBRL(kpis.fiado) },
  ];
  return (
    <dl aria-label={copy.kpisTitle} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} className="@container min-w-0 rounded-xl bg-brand-50 px-3 py-3" data-testid={`kpi-${card.key}`}>
          <dt className="text-sm text-ink/80">{card.label}</dt>
          <dd className="money-fit font-bold tabular-nums text-brand-900" data-money>
            {card.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
