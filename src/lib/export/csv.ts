// CSV exports with papaparse, loaded on demand: ';' between fields and comma decimals (what a spreadsheet set to
// Portuguese opens as columns), UTF-8 with a byte-order mark so accents survive Excel.
import type { ExportTable } from './table.ts';

export const CSV_DELIMITER = ';';
const BOM = '\uFEFF';
/** Cells a spreadsheet would run as a formula get a leading quote; a plain negative number ('-12,50') stays. */
const FORMULA = /^(?![-]\d+(?:,\d+)?$)[=+\-@\t\r]/;

/** The CSV text of a table: a header line, then the rows (and any extra rows such as a total). */
export async function csvText(table: ExportTable, extraRows: readonly (readonly string[])[] = []): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    {
      fields: table.columns.map((column) => column.header),
      data: [...table.rows, ...extraRows].map((row) => [...row]),
    },
    { delimiter: CSV_DELIMITER, newline: '\r\n', quotes: false, escapeFormulae: FORMULA },
  );
}

/** The CSV as a file to download (text/csv, UTF-8 with BOM). */
export async function csvBlob(table: ExportTable, extraRows: readonly (readonly string[])[] = []): Promise<Blob> {
  return new Blob([BOM + (await csvText(table, extraRows))], { type: 'text/csv;charset=utf-8' });
}
