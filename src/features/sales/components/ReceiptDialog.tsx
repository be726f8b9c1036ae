// 'Imprimir recibo': the sale's receipt with the roll's width (58 or 80 mm, remembered on the device), printed
// through the system dialog (only the receipt, on a page the roll's width, no margins so no browser headers),
// shared as PDF, or sent over ESC/POS to a thermal printer where the browser reaches one.
import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from 'radix-ui';
import { FileDown, Printer, X } from 'lucide-react';
import type { SaleDetails } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { receiptText } from '../../../i18n/receipt.pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { printerLinks, sendToPrinter, type PrinterLink } from '../../../lib/thermal-printer.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceChips } from '../../../ui/ChoiceChips.tsx';
import { showToast } from '../../../ui/toast.ts';
import { marketNameOf, useSignedInAccount } from '../../account/index.ts';
import { useCounterSetting } from '../counter-settings.ts';
import { receiptEscPos } from '../receipt-escpos.ts';
import { receiptOf, type Receipt, type RollWidth } from '../receipt-model.ts';
import { shareReceiptPdf } from '../receipt-pdf.ts';
import { closeReceipt, useReceiptRequest } from '../receipt-request.ts';
import { ReceiptView } from './ReceiptView.tsx';

const copy = receiptText;
const ROLLS: readonly RollWidth[] = [58, 80];

/** CSS pixels in a millimetre (96 per inch). */
const PX_PER_MM = 96 / 25.4;
/** Paper fed after the last line, so the cutter does not cut through it. */
const FEED_MM = 6;

/**
 * The receipt alone on paper: a copy outside the dialog that only print media shows, on a page as wide as the roll
 * and as long as the receipt (CSS page sizes take two lengths; the copy is laid out off screen so it can be measured).
 */
function PrintCopy({ receipt, roll }: { receipt: Receipt; roll: RollWidth }) {
  const copyRef = useRef<HTMLDivElement>(null);
  const [lengthMm, setLengthMm] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = copyRef.current;
    if (!element) return;
    const measure = () => {
      setLengthMm(Math.ceil(element.getBoundingClientRect().height / PX_PER_MM) + FEED_MM);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [receipt, roll]);
  const pageSize = `${String(roll)}mm ${String(lengthMm ?? 297)}mm`;
  return createPortal(
    <div data-print-receipt="">
      <style>{`@page { size: ${pageSize}; margin: 0 }`}</style>
      <div ref={copyRef}>
        <ReceiptView receipt={receipt} roll={roll} />
      </div>
    </div>,
    document.body,
  );
}

function RollChoice({ roll, onChange }: { roll: RollWidth; onChange: (roll: RollWidth) => void }) {
  return (
    <ChoiceChips
      legend={copy.rollWidth}
      value={roll}
      options={ROLLS.map((width) => ({ value: width, label: copy.rolls[width] }))}
      onChange={onChange}
    />
  );
}

function ReceiptActions({ receipt, roll }: { receipt: Receipt; roll: RollWidth }) {
  const [links] = useState(() => printerLinks());
  const [busy, setBusy] = useState(false);
  const thermal = async (link: PrinterLink) => {
    setBusy(true);
    try {
      await sendToPrinter(link, receiptEscPos(receipt, roll));
      showToast({ title: copy.sentToPrinter, kind: 'success' });
    } catch (error) {
      // Closing the browser's printer chooser is not a failure.
      if (!(error instanceof DOMException && error.name === 'NotFoundError'))
        showToast({ title: copy.printFailed, description: copy.printFailedText, kind: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const sharePdf = async () => {
    setBusy(true);
    try {
      await shareReceiptPdf(receipt, roll);
    } catch {
      showToast({ title: copy.shareFailed, kind: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      <Button
        onClick={() => {
          window.print();
        }}
      >
        <Printer aria-hidden size={18} />
        {copy.print}
      </Button>
      <Button variant="secondary" busy={busy} onClick={() => void sharePdf()}>
        <FileDown aria-hidden size={18} />
        {copy.sharePdf}
      </Button>
      {links.map((link) => (
        <Button key={link} variant="secondary" busy={busy} onClick={() => void thermal(link)}>
          <Printer aria-hidden size={18} />
          {link === 'serial' ? copy.thermalSerial : copy.thermalBluetooth}
        </Button>
      ))}
    </div>
  );
}

function ReceiptBody({ sale, balance }: { sale: SaleDetails; balance: number | null }) {
  const { profile } = useSignedInAccount();
  const [roll, setRoll] = useCounterSetting('receiptRoll');
  const receipt = receiptOf(
    sale,
    { name: marketNameOf(profile?.nome_mercado), pixKey: profile?.chave_pix ?? null, city: profile?.cidade ?? null },
    balance,
  );
  return (
    <>
      <RollChoice roll={roll} onChange={setRoll} />
      <div className="flex justify-center overflow-x-auto rounded-xl bg-ink/5 p-3">
        <div className="shadow-md">
          <ReceiptView receipt={receipt} roll={roll} />
        </div>
      </div>
      <ReceiptActions receipt={receipt} roll={roll} />
      <PrintCopy receipt={receipt} roll={roll} />
    </>
  );
}

/** A fiado receipt shows what the client owes now. */
function ReceiptWithBalance({ sale, clientId }: { sale: SaleDetails; clientId: string }) {
  const client = useLiveQuery('client', { clientId });
  return <ReceiptBody sale={sale} balance={client.data?.saldo ?? null} />;
}

function ReceiptLoader({ saleId }: { saleId: string }) {
  const result = useLiveQuery('saleDetails', { saleId });
  if (result.status === 'loading')
    return (
      <p role="status" className="py-10 text-center text-ink/70">
        {t.app.loading}
      </p>
    );
  if (result.status === 'error' || result.data === null)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-center text-red-800">
        {result.status === 'error' ? copy.loadError : copy.notFound}
      </p>
    );
  const sale = result.data;
  return sale.tipo === 'fiado' && sale.clienteId ? (
    <ReceiptWithBalance sale={sale} clientId={sale.clienteId} />
  ) : (
    <ReceiptBody sale={sale} balance={null} />
  );
}

/** The one receipt dialog of the owner's frame, open while a receipt is asked for. */
export function ReceiptHost() {
  const saleId = useReceiptRequest();
  return (
    <Dialog.Root
      open={saleId !== null}
      onOpenChange={(open) => {
        if (!open) closeReceipt();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl focus:outline-none sm:p-5"
        >
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-brand-900">{copy.title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
              aria-label={copy.close}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          {saleId ? <ReceiptLoader saleId={saleId} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
