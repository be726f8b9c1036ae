// The shape every export is built from (a titled table with a total), and the cell formats exports share.

/** The two files every export offers. */
export type ExportFormat = 'pdf' | 'csv';

export interface ExportColumn {
  readonly header: string;
  /** Numbers and money read better right-aligned in the PDF. */
  readonly align?: 'left' | 'right';
  /** Relative width in the PDF (1 by default); the columns share the page's width in these proportions. */
  readonly weight?: number;
}

export interface ExportTable {
  readonly columns: readonly ExportColumn[];
  /** Cells already as the reader sees them (dates dd/MM/yyyy, money with comma decimals). */
  readonly rows: readonly (readonly string[])[];
}

export interface ExportReport {
  /** The PDF's heading, e.g. 'Relatório de Despesas'. */
  readonly title: string;
  /** Lines under the title, e.g. 'Gerado em 24/11/2026 10:15'. */
  readonly subtitle: readonly string[];
  readonly table: ExportTable;
  /** Lines after the table, e.g. 'Total: R$ 1.234,56'. */
  readonly footer: readonly string[];
}

/** A number with comma decimals and no thousands separator (12.5 → '12,50'), as CSV readers in Brazil expect. */
export function decimalCell(value: number, digits = 2): string {
  const fixed = (Math.round(value * 10 ** digits) / 10 ** digits).toFixed(digits);
  return (fixed === `-${(0).toFixed(digits)}` ? (0).toFixed(digits) : fixed).replace('.', ',');
}

/** The date part of an export's file name (yyyy-MM-dd in the device's zone): despesas_2026-11-24.csv. */
export function fileDate(now: Date): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
