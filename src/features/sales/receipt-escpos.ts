// The receipt as an ESC/POS print job for a 58 mm or 80 mm thermal printer: its fixed-width rows, the shop's
// PIX QR when there is one, a feed and a cut.
import { EscPosEncoder } from '../../lib/escpos.ts';
import { receiptText } from '../../i18n/receipt.pt-BR.ts';
import { receiptRows, ROLL_COLUMNS, type Receipt, type RollWidth } from './receipt-model.ts';

export function receiptEscPos(receipt: Receipt, roll: RollWidth): Uint8Array {
  const job = new EscPosEncoder();
  for (const row of receiptRows(receipt, ROLL_COLUMNS[roll])) {
    job.align(row.align).bold(row.bold).line(row.text);
  }
  job.bold(false);
  if (receipt.pixCode) {
    job
      .align('center')
      .line()
      .line(receiptText.pixTitle)
      .qr(receipt.pixCode, roll === 58 ? 4 : 6);
  }
  return job.align('left').feed(4).cut().encode();
}
