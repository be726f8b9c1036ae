// The receipt as a PDF the width of the roll (58 or 80 mm), made on the device with jsPDF (loaded on demand):
// the fixed-width rows in Courier and the shop's PIX QR drawn module by module. Shared as a file where the
// system share sheet takes files (WhatsApp on a phone), else downloaded.
import { encode } from 'uqr';
import { downloadBlob } from '../../lib/export/index.ts';
import { receiptRows, ROLL_COLUMNS, type Receipt, type RollWidth } from './receipt-model.ts';

const MARGIN_MM = 3;
const ROW_MM = 3.6;
const QR_MM = 34;

export async function receiptPdf(receipt: Receipt, roll: RollWidth): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const rows = receiptRows(receipt, ROLL_COLUMNS[roll]);
  const height = 2 * MARGIN_MM + rows.length * ROW_MM + (receipt.pixCode ? QR_MM + 2 * ROW_MM : 0) + ROW_MM;
  const doc = new jsPDF({ unit: 'mm', format: [roll, height] });
  const usable = roll - 2 * MARGIN_MM;
  // Courier's advance is 0.6 em: the font size at which one row of the roll's columns fills the usable width.
  const fontSize = usable / ROLL_COLUMNS[roll] / 0.6 / 0.3528;
  doc.setFontSize(fontSize);
  let y = MARGIN_MM + ROW_MM;
  for (const row of rows) {
    doc.setFont('courier', row.bold ? 'bold' : 'normal');
    const text = row.text.normalize('NFC');
    if (row.align === 'center') doc.text(text, roll / 2, y, { align: 'center' });
    else doc.text(text, MARGIN_MM, y);
    y += ROW_MM;
  }
  if (receipt.pixCode) {
    const { data, size } = encode(receipt.pixCode, { ecc: 'M', border: 2 });
    const module = QR_MM / size;
    const left = (roll - QR_MM) / 2;
    y += ROW_MM;
    doc.setFillColor(0, 0, 0);
    data.forEach((line, row) => {
      line.forEach((dark, column) => {
        if (dark) doc.rect(left + column * module, y + row * module, module, module, 'F');
      });
    });
  }
  return doc.output('blob');
}

/** Hands the PDF to the share sheet when it takes files; else downloads it. */
export async function shareReceiptPdf(receipt: Receipt, roll: RollWidth): Promise<'shared' | 'cancelled' | 'downloaded'> {
  const blob = await receiptPdf(receipt, roll);
  const fileName = `recibo-${receipt.number.replace('#', '')}.pdf`;
  const file = new File([blob], fileName, { type: 'application/pdf' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: receipt.shopName });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  downloadBlob(blob, fileName);
  return 'downloaded';
}
