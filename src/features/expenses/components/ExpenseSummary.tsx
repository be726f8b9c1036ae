// The summary block: 'Total de Despesas' with the change against the previous period (up red, down green),
// 'Maior Despesa', and the charts (loaded on demand) or 'Nenhuma despesa encontrada para o período selecionado.'.
import { lazy, Suspense } from 'react';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { clsx } from 'clsx';
import type { ExpenseFilter, ExpenseSummary as Summary } from '../../../../workers/api.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { DataStates } from '../../../ui/DataStates.tsx';
import { changeText } from '../expense-rules.ts';

const ExpenseCharts = lazy(() => import('./ExpenseCharts.tsx'));

const copy = expensesText;
const card = 'min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5';

function Change({ summary }: { summary: Summary }) {
  if (!summary.previous) return <p className="mt-1 text-sm text-ink/60">{copy.noComparison}</p>;
  const { text, direction } = changeText(summary.previous.change);
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  return (
    <>
      <p
        className={clsx(
          'mt-1 flex items-center gap-1 text-sm font-semibold',
          direction === 'up' ? 'text-red-700' : direction === 'down' ? 'text-brand-700' : 'text-ink/70',
        )}
      >
        <Icon aria-hidden size={16} />
        {summary.previous.change.kind === 'from_zero' ? text : copy.changeLabel(text)}
      </p>
      <p className="mt-0.5 text-xs text-ink/60">
        {copy.previousPeriod(formatDate(summary.previous.range.data_de), formatDate(summary.previous.range.data_ate))} ·{' '}
        {formatBRL(summary.previous.total)}
      </p>
    </>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className={card}>
      <h3 className="text-base font-semibold text-brand-900">{title}</h3>
      {children}
    </section>
  );
}

function SummaryView({ summary }: { summary: Summary }) {
  return (
    <section aria-label={copy.summaryLabel} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className={card}>
          <h2 className="text-sm font-medium text-ink/70">{copy.total}</h2>
          <p className="mt-1 text-2xl font-bold tabular-nums text-brand-900" data-testid="total-despesas">
            {formatBRL(summary.total_geral)}
          </p>
          <Change summary={summary} />
        </div>
        <div className={card}>
          <h2 className="text-sm font-medium text-ink/70">{copy.largest}</h2>
          {summary.maior ? (
            <>
              <p className="mt-1 truncate text-lg font-semibold text-ink">
                {summary.maior.categoria?.nome ?? copy.noCategoryCard}
              </p>
              <p className="text-2xl font-bold tabular-nums text-brand-900">{formatBRL(summary.maior.valor)}</p>
              <p className="line-clamp-2 text-sm text-ink/60 [overflow-wrap:anywhere]">{summary.maior.descricao}</p>
            </>
          ) : (
            <>
              <p className="mt-1 text-2xl font-bold text-ink/60">{copy.notAvailable}</p>
              <p className="text-sm text-ink/60">{copy.noExpenseInPeriod}</p>
            </>
          )}
        </div>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        {summary.por_categoria.length === 0 ? (
          <>
            <ChartCard title={copy.pieTitle}>
              <p className="py-10 text-center text-ink/60">{copy.chartEmpty}</p>
            </ChartCard>
            <ChartCard title={copy.barTitle}>
              <p className="py-10 text-center text-ink/60">{copy.chartEmpty}</p>
            </ChartCard>
          </>
        ) : (
          <Suspense
            fallback={
              <>
                <ChartCard title={copy.pieTitle}>
                  <p className="py-10 text-center text-ink/60">{copy.chartsLoading}</p>
                </ChartCard>
                <ChartCard title={copy.barTitle}>
                  <p className="py-10 text-center text-ink/60">{copy.chartsLoading}</p>
                </ChartCard>
              </>
            }
          >
            <ExpenseCharts totals={summary.por_categoria} Card={ChartCard} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/** Where the two figures and the two charts will be, until the first answer. */
const SUMMARY_SKELETON = { count: 4, className: 'h-32', grid: 'grid gap-3 sm:grid-cols-2', label: copy.summaryLabel };

export function ExpenseSummary({ filter }: { filter: ExpenseFilter }) {
  const result = useLiveQuery('expenseSummary', { filter });
  return (
    <DataStates
      state={result}
      skeleton={SUMMARY_SKELETON}
      failure={(error) => ({ title: copy.summaryError(errorMessage(error)), message: null })}
    >
      {(summary) => <SummaryView summary={summary} />}
    </DataStates>
  );
}
