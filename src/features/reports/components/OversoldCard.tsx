// Vendidos além do estoque: the period's sales that left a product's recorded stock below zero (allowed: the
// shelf is the truth), newest first, each with the product's page to count it again.
import { Link } from '@tanstack/react-router';
import type { SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatDate } from '../../../lib/format.ts';
import { quantityText } from '../report-params.ts';
import { ReportCard } from './ReportCard.tsx';

const copy = t.reports;

export function OversoldCard({ report }: { report: SalesReport }) {
  return (
    <ReportCard id="alem-estoque-titulo" title={copy.oversold} help={copy.oversoldHelp}>
      {report.oversoldCount === 0 ? (
        <p className="text-ink/70">{copy.oversoldEmpty}</p>
      ) : (
        <>
          <ul aria-label={copy.oversold} className="divide-y divide-ink/5">
            {report.oversold.map((item) => (
              <li key={`${item.saleId}:${item.produtoId}`}>
                <Link
                  to="/products/$id"
                  params={{ id: item.produtoId }}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-2 hover:bg-brand-50 focus-visible:bg-brand-50"
                >
                  <span className="min-w-0">
                    <span className="block break-words font-medium text-ink">{item.nome}</span>
                    <span className="block text-sm text-ink/70">
                      {formatDate(item.data)} · {copy.soldQuantity(quantityText(item.quantidade, item.unidade))}
                    </span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold text-red-700">
                    {copy.stockAfter(quantityText(item.estoqueDepois, item.unidade))}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {report.oversoldCount > report.oversold.length ? (
            <p className="text-sm text-ink/70">{copy.moreOversold(report.oversold.length, report.oversoldCount)}</p>
          ) : null}
        </>
      )}
    </ReportCard>
  );
}
