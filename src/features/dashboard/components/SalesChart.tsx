// The period's sales as an ECharts bar chart; loaded on demand with only the modules it draws with (bar chart,
// grid and tooltip, canvas renderer) so the rest of the dashboard does not wait for it.
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { ChartPoint, Period } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { pointLabel } from '../chart-labels.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const BRAND = '#1f6f4a';
const ACCENT = '#e0b43a';
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

export default function SalesChart({ period, points }: { period: Period; points: readonly ChartPoint[] }) {
  const labels = points.map((point, index) => pointLabel(period, point, index));
  const option = {
    animation: false,
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const index = params[0]?.dataIndex ?? 0;
        const point = points[index];
        return point ? `${labels[index] ?? ''}<br/>${t.dashboard.chartTooltip(formatBRL(point.total), point.count)}` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: labels,
      axisTick: { show: false },
      axisLabel: { color: '#1d2420', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: '#1d2420', formatter: (value: number) => compact.format(value) },
      splitLine: { lineStyle: { color: '#d5ecdd' } },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 32,
        data: points.map((point) => ({ value: point.total, itemStyle: { color: point.current ? ACCENT : BRAND } })),
      },
    ],
  };
  return <EChartsReactCore echarts={echarts} option={option} notMerge style={{ height: '100%', width: '100%' }} />;
}
