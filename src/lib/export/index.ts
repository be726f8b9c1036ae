// Exports shared by the screens (expenses, suppliers, reports): a titled table as CSV or PDF, made on the
// device (offline too) with the libraries loaded only when the owner exports, and the browser download.
export { csvBlob, csvText, CSV_DELIMITER } from './csv.ts';
export { downloadBlob } from './download.ts';
export { pdfBlob, pdfBytes } from './pdf.ts';
export { decimalCell, fileDate, type ExportColumn, type ExportFormat, type ExportReport, type ExportTable } from './table.ts';
