// À vista against fiado, and à vista by payment method: each a labelled bar with its amount, count and share.
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { shareOf } from '../report-params.ts';
import { ReportCard } from './ReportCard.tsx';

const copy = t.reports;

function ShareBar({
  label,
  total,
  count,
  whole,
  color,
}: {
  label: string;
  total: number;
  count: number;
  whole: number;
  color: string;
}) {
  const share = shareOf(total, whole);
  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-ink">{label}</span>
        <span className="tabular-nums text-ink">
          {formatBRL(total)}{' '}
          <span className="text-sm text-ink/70">
            · {copy.salesCount(count)} · {copy.share(String(share))}
          </span>
        </span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-brand-50"
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <div className={`h-full rounded-full ${color}`} style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

export function SalesMixCard({ report }: { report: SalesReport }) {
  const whole = report.revenue.total;
  const avistaWhole = report.byType.avista.total;
  return (
    <ReportCard id="mix-titulo" title={copy.byType}>
      <ul className="flex flex-col gap-3">
        <ShareBar label={copy.types.avista} {...report.byType.avista} whole={whole} color="bg-brand-600" />
        <ShareBar label={copy.types.fiado} {...report.byType.fiado} whole={whole} color="bg-accent-400" />
      </ul>
      <h3 className="mt-2 font-semibold text-brand-900">{copy.methods}</h3>
      <ul className="flex flex-col gap-3">
        {report.byMethod.map((method) => (
          <ShareBar
            key={method.method}
            label={copy.methodNames[method.method]}
            total={method.total}
            count={method.count}
            whole={avistaWhole}
            color="bg-brand-600"
          />
        ))}
      </ul>
    </ReportCard>
  );
}
