// PDF exports with jsPDF, loaded on demand: an A4 report with a title, the lines under it, a table whose header
// repeats on every page (long cells wrap), and the closing lines (the total).
import type { ExportReport } from './table.ts';

const MARGIN = 14;
const FONT = 'helvetica';
const BODY_SIZE = 9;
const LINE = 4.2;
const CELL_PAD = 2;
const HEADER_FILL: [number, number, number] = [31, 111, 74];
const STRIPE_FILL: [number, number, number] = [240, 247, 243];

/** The report as PDF bytes (A4 portrait). */
export async function pdfBytes(report: ExportReport): Promise<ArrayBuffer> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  const pageWidth = doc.internal.pageSize.getWidth();
  const pageHeight = doc.internal.pageSize.getHeight();
  const usable = pageWidth - 2 * MARGIN;
  const columns = report.table.columns;
  const weights = columns.reduce((sum, column) => sum + (column.weight ?? 1), 0);
  const widths = columns.map((column) => (usable * (column.weight ?? 1)) / weights);
  const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((sum, width) => sum + width, 0));

  let y = MARGIN + 4;
  doc.setFont(FONT, 'bold');
  doc.setFontSize(16);
  doc.text(report.title, MARGIN, y);
  y += 7;
  doc.setFont(FONT, 'normal');
  doc.setFontSize(10);
  for (const line of report.subtitle) {
    doc.text(line, MARGIN, y);
    y += 5;
  }
  y += 2;

  const drawRow = (cells: readonly string[], header: boolean, striped: boolean) => {
    doc.setFont(FONT, header ? 'bold' : 'normal');
    doc.setFontSize(BODY_SIZE);
    const wrapped = cells.map((cell, index) => doc.splitTextToSize(cell, (widths[index] ?? 0) - 2 * CELL_PAD) as string[]);
    const height = Math.max(1, ...wrapped.map((lines) => lines.length)) * LINE + 2 * CELL_PAD - 1;
    if (y + height > pageHeight - MARGIN) {
      doc.addPage();
      y = MARGIN;
      if (!header)
        drawRow(
          columns.map((column) => column.header),
          true,
          false,
        );
      doc.setFont(FONT, 'normal');
      doc.setFontSize(BODY_SIZE);
    }
    if (header || striped) {
      doc.setFillColor(...(header ? HEADER_FILL : STRIPE_FILL));
      doc.rect(MARGIN, y, usable, height, 'F');
    }
    doc.setTextColor(header ? 255 : 20);
    wrapped.forEach((lines, index) => {
      const right = columns[index]?.align === 'right';
      const x = right ? (lefts[index] ?? 0) + (widths[index] ?? 0) - CELL_PAD : (lefts[index] ?? 0) + CELL_PAD;
      doc.text(lines, x, y + CELL_PAD + LINE - 1, { align: right ? 'right' : 'left' });
    });
    doc.setTextColor(20);
    y += height;
  };

  drawRow(
    columns.map((column) => column.header),
    true,
    false,
  );
  report.table.rows.forEach((row, index) => {
    drawRow(row, false, index % 2 === 1);
  });

  y += 6;
  doc.setFont(FONT, 'bold');
  doc.setFontSize(11);
  for (const line of report.footer) {
    if (y > pageHeight - MARGIN) {
      doc.addPage();
      y = MARGIN + 4;
    }
    doc.text(line, pageWidth - MARGIN, y, { align: 'right' });
    y += 6;
  }
  return doc.output('arraybuffer');
}

/** The report as a file to download. */
export async function pdfBlob(report: ExportReport): Promise<Blob> {
  return new Blob([await pdfBytes(report)], { type: 'application/pdf' });
}
