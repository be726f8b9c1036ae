// The period's top products: by what they brought in (with the quantity in each product's unit), or by margin (receita − purchase
// price × quantity, with the percentage); products without a purchase price are counted under the margin table.
import { clsx } from 'clsx';
import type { MarginFigure, ProductFigure, SalesReport } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { quantityText } from '../report-params.ts';
import { ReportCard } from './ReportCard.tsx';

const copy = t.reports;
const cell = 'px-2 py-2 text-right tabular-nums';
const isMargin = (row: ProductFigure | MarginFigure): row is MarginFigure => 'margem' in row;

export function TopProductsCard({ report, by }: { report: SalesReport; by: 'receita' | 'margem' }) {
  const margin = by === 'margem';
  const rows: readonly (ProductFigure | MarginFigure)[] = margin ? report.topByMargin : report.topByRevenue;
  const id = margin ? 'margem-titulo' : 'receita-produtos-titulo';
  return (
    <ReportCard id={id} title={margin ? copy.topMargin : copy.topRevenue}>
      {rows.length === 0 ? (
        <p className="text-ink/70">{margin ? copy.marginEmpty : copy.topEmpty}</p>
      ) : (
        <div className="-mx-2 overflow-x-auto">
          <table className="w-full text-sm" aria-labelledby={id}>
            <thead>
              <tr className="border-b border-ink/10 text-ink/70">
                <th scope="col" className="px-2 py-2 text-left font-medium">
                  {copy.columns.product}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {copy.columns.quantity}
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  {margin ? copy.columns.margin : copy.columns.revenue}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink/5">
              {rows.map((row) => (
                <tr key={row.produtoId}>
                  <th scope="row" className="max-w-40 break-words px-2 py-2 text-left font-medium text-ink">
                    {row.nome}
                  </th>
                  <td className={clsx(cell, 'whitespace-nowrap')}>{quantityText(row.quantidade, row.unidade)}</td>
                  <td className={clsx(cell, 'whitespace-nowrap')}>
                    {isMargin(row) ? (
                      <span className={row.margem < 0 ? 'text-red-700' : undefined}>
                        {formatBRL(row.margem)} <span className="text-ink/60">({String(row.margemPct).replace('.', ',')}%)</span>
                      </span>
                    ) : (
                      formatBRL(row.receita)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {margin && report.withoutCost > 0 ? <p className="text-sm text-ink/70">{copy.withoutCost(report.withoutCost)}</p> : null}
    </ReportCard>
  );
}
