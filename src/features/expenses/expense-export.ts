// The expenses' exports (docs/product.md §9): PDF 'Relatório de Despesas' with 'Gerado em', the columns Data, Descrição,
// Categoria, Valor and the total; CSV with the same columns (';', comma decimals) and a total row; uncategorised
// rows read 'Sem categoria'; files despesas_{date}.pdf / .csv.
import type { ExpenseRow } from '../../../workers/api.ts';
import { expensesText } from '../../i18n/expenses.pt-BR.ts';
import {
  csvBlob,
  decimalCell,
  downloadBlob,
  fileDate,
  pdfBlob,
  type ExportReport,
  type ExportTable,
} from '../../lib/export/index.ts';
import { formatBRL, formatDate, formatDateTime } from '../../lib/format.ts';

const copy = expensesText;

export type { ExportFormat } from '../../lib/export/index.ts';
import type { ExportFormat } from '../../lib/export/index.ts';

const totalOf = (rows: readonly ExpenseRow[]): number => rows.reduce((sum, row) => sum + Math.round(row.valor * 100), 0) / 100;

const cellsOf = (row: ExpenseRow, money: (value: number) => string): string[] => [
  formatDate(row.data),
  row.descricao,
  row.categoria?.nome ?? copy.noCategory,
  money(row.valor),
];

const COLUMNS = [
  { header: copy.columns.data, weight: 1 },
  { header: copy.columns.descricao, weight: 2.6 },
  { header: copy.columns.categoria, weight: 1.5 },
  { header: copy.columns.valor, weight: 1.1, align: 'right' as const },
];

export function expenseReport(rows: readonly ExpenseRow[], now: Date): ExportReport {
  return {
    title: copy.reportTitle,
    subtitle: [copy.generatedAt(formatDateTime(now))],
    table: { columns: COLUMNS, rows: rows.map((row) => cellsOf(row, formatBRL)) },
    footer: [copy.reportTotal(formatBRL(totalOf(rows)))],
  };
}

export function expenseCsvTable(rows: readonly ExpenseRow[]): ExportTable {
  return { columns: COLUMNS, rows: rows.map((row) => cellsOf(row, (value) => decimalCell(value))) };
}

/** The CSV's last row: 'Total' under Data and the sum under Valor. */
export function expenseCsvTotalRow(rows: readonly ExpenseRow[]): string[] {
  return [copy.totalRow, '', '', decimalCell(totalOf(rows))];
}

export function expenseFileName(format: ExportFormat, now: Date): string {
  return `despesas_${fileDate(now)}.${format}`;
}

/** Builds the file on the device (libraries loaded on demand) and downloads it. */
export async function exportExpenses(rows: readonly ExpenseRow[], format: ExportFormat, now = new Date()): Promise<void> {
  const blob =
    format === 'pdf' ? await pdfBlob(expenseReport(rows, now)) : await csvBlob(expenseCsvTable(rows), [expenseCsvTotalRow(rows)]);
  downloadBlob(blob, expenseFileName(format, now));
}
