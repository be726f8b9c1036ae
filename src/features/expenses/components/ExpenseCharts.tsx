// The summary's charts, loaded on demand with only the ECharts parts they draw with (pie, bar, grid, tooltip,
// canvas): 'Distribuição por Categoria' and 'Top 5 Categorias' (labels cut at 12 characters plus '…').
import type { ReactNode } from 'react';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { CategoryTotal } from '../../../../workers/api.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { cutLabel, generatedColor } from '../expense-rules.ts';

echarts.use([PieChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const copy = expensesText;
/** Top categories chart entries (docs/product.md §9). */
const TOP = 5;

/** Axis amounts in few characters ('1,5 mil'), so they fit a phone. */
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

const colourOf = (total: CategoryTotal, index: number): string => (total.cor ? total.cor : generatedColor(index));

export default function ExpenseCharts({
  totals,
  Card,
}: {
  totals: readonly CategoryTotal[];
  Card: (props: { title: string; children: ReactNode }) => ReactNode;
}) {
  const pie = {
    animation: false,
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string; value: number; percent: number }) =>
        `${params.name}<br/>${formatBRL(params.value)} (${params.percent.toLocaleString('pt-BR')}%)`,
    },
    series: [
      {
        type: 'pie',
        radius: ['38%', '72%'],
        // The names are in the legend under the chart (a phone has no room for them around the ring).
        label: { show: false },
        data: totals.map((total, index) => ({
          name: total.nome,
          value: total.total,
          itemStyle: { color: colourOf(total, index) },
        })),
      },
    ],
  };
  const top = totals.slice(0, TOP);
  const bar = {
    animation: false,
    grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const entry = top[params[0]?.dataIndex ?? 0];
        return entry ? `${entry.nome}<br/>${formatBRL(entry.total)}` : '';
      },
    },
    xAxis: {
      type: 'value',
      splitNumber: 3,
      axisLabel: { color: '#1d2420', hideOverlap: true, formatter: (value: number) => compact.format(value) },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: top.map((total) => cutLabel(total.nome)),
      axisTick: { show: false },
      axisLabel: { color: '#1d2420' },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 28,
        data: top.map((total, index) => ({ value: total.total, itemStyle: { color: colourOf(total, index) } })),
      },
    ],
  };
  return (
    <>
      <Card title={copy.pieTitle}>
        <div
          className="h-52"
          role="img"
          aria-label={`${copy.pieTitle}: ${totals.map((total) => `${total.nome} ${formatBRL(total.total)}`).join('; ')}`}
        >
          <EChartsReactCore echarts={echarts} option={pie} notMerge style={{ height: '100%', width: '100%' }} />
        </div>
        <ul aria-hidden className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
          {totals.map((total, index) => (
            <li key={`${total.nome}-${String(index)}`} className="flex min-w-0 items-center gap-2">
              <span className="inline-block size-3 shrink-0 rounded-full" style={{ backgroundColor: colourOf(total, index) }} />
              <span className="min-w-0 flex-1 truncate text-ink">{total.nome}</span>
              <span className="shrink-0 font-semibold tabular-nums text-ink">{formatBRL(total.total)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={copy.barTitle}>
        <div
          className="h-64"
          role="img"
          aria-label={`${copy.barTitle}: ${top.map((total) => `${total.nome} ${formatBRL(total.total)}`).join('; ')}`}
        >
          <EChartsReactCore echarts={echarts} option={bar} notMerge style={{ height: '100%', width: '100%' }} />
        </div>
      </Card>
    </>
  );
}
