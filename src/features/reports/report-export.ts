// The report's exports (Premium): PDF 'Relatório de Vendas' with the period, 'Gerado em', revenue per bucket and
// the summary lines (faturamento, à vista, fiado, each method, custo das mercadorias vendidas, margem bruta,
// despesas, fiado a receber); the CSV has
// the same table with ';' and comma decimals, then the same summary as rows. Files relatorio_{from}_{to}.pdf/.csv.
import type { SalesReport } from '../../../workers/api.ts';
import { t } from '../../i18n/pt-BR.ts';
import { formatBRL, formatDate, formatDateTime } from '../../lib/format.ts';
import { csvBlob, decimalCell, downloadBlob, pdfBlob, type ExportReport, type ExportTable } from '../../lib/export/index.ts';
import { bucketTitle } from './report-params.ts';

const copy = t.reports;
const columns = copy.exportColumns;

export type { ExportFormat } from '../../lib/export/index.ts';
import type { ExportFormat } from '../../lib/export/index.ts';

/** The summary as label and amount, in the order both files list it. */
export function summaryOf(report: SalesReport): [string, number][] {
  return [
    [copy.kpis.revenue, report.revenue.total],
    [copy.types.avista, report.byType.avista.total],
    [copy.types.fiado, report.byType.fiado.total],
    ...report.byMethod.map((method): [string, number] => [copy.methodNames[method.method], method.total]),
    [copy.kpis.costOfGoods, report.costOfGoods],
    [copy.kpis.grossMargin, report.grossMargin],
    [copy.kpis.expenses, report.expenses.total],
    [copy.receivables, report.receivables.total],
  ];
}

export function periodText(report: Pick<SalesReport, 'from' | 'to'>): string {
  return copy.rangeLabel(formatDate(report.from), formatDate(report.to));
}

export function reportPdf(report: SalesReport, now: Date): ExportReport {
  return {
    title: copy.reportTitle,
    subtitle: [copy.periodLine(periodText(report)), copy.generatedAt(formatDateTime(now))],
    table: {
      columns: [
        { header: columns.bucket, weight: 2 },
        { header: columns.count, align: 'right' },
        { header: columns.total, align: 'right' },
      ],
      rows: report.points.map((point) => [
        bucketTitle(report.granularity, point.key, report.from),
        String(point.count),
        formatBRL(point.total),
      ]),
    },
    footer: summaryOf(report).map(([label, value]) => copy.totalLine(label, formatBRL(value))),
  };
}

export function reportCsv(report: SalesReport): { table: ExportTable; extraRows: string[][] } {
  return {
    table: {
      columns: [{ header: columns.bucket }, { header: columns.count }, { header: columns.total }],
      rows: report.points.map((point) => [
        bucketTitle(report.granularity, point.key, report.from),
        String(point.count),
        decimalCell(point.total),
      ]),
    },
    extraRows: summaryOf(report).map(([label, value]) => [label, '', decimalCell(value)]),
  };
}

export function reportFileName(report: SalesReport, format: ExportFormat): string {
  return `relatorio_${report.from}_${report.to}.${format}`;
}

export async function exportReport(report: SalesReport, format: ExportFormat, now = new Date()): Promise<void> {
  if (format === 'pdf') {
    downloadBlob(await pdfBlob(reportPdf(report, now)), reportFileName(report, format));
    return;
  }
  const { table, extraRows } = reportCsv(report);
  downloadBlob(await csvBlob(table, extraRows), reportFileName(report, format));
}
