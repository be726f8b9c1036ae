// The period's revenue per bucket as an ECharts bar chart; loaded on demand with only the modules it draws with
// (bar chart, grid, tooltip, canvas renderer). Reports when it has painted, for the page's timing.
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core';
import type { Granularity, ReportPoint } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { bucketLabel, bucketTitle } from '../report-params.ts';

echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

const BRAND = '#1f6f4a';
const compact = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

export interface RevenueChartProps {
  readonly granularity: Granularity;
  readonly from: string;
  readonly points: readonly ReportPoint[];
  /** Called after the chart's first frame is drawn. */
  readonly onPainted?: () => void;
}

export default function RevenueChart({ granularity, from, points, onPainted }: RevenueChartProps) {
  const option = {
    animation: false,
    grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const point = points[params[0]?.dataIndex ?? 0];
        return point
          ? `${bucketTitle(granularity, point.key, from)}<br/>${t.reports.chartTooltip(formatBRL(point.total), point.count)}`
          : '';
      },
    },
    xAxis: {
      type: 'category',
      data: points.map((point) => bucketLabel(granularity, point.key)),
      axisTick: { show: false },
      axisLabel: { color: '#1d2420', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: '#1d2420', formatter: (value: number) => compact.format(value) },
      splitLine: { lineStyle: { color: '#d5ecdd' } },
    },
    series: [{ type: 'bar', barMaxWidth: 32, itemStyle: { color: BRAND }, data: points.map((point) => point.total) }],
  };
  return (
    <EChartsReactCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height: '100%', width: '100%' }}
      onEvents={onPainted ? { finished: onPainted } : undefined}
      onChartReady={() => {
        // The first frame: drawn once the option is set; later changes report through 'finished'.
        if (onPainted) requestAnimationFrame(onPainted);
      }}
    />
  );
}
