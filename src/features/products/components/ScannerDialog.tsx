// 'Entrada de Código de Barras': the camera view while scanning, with the states of docs/product.md §4 and §8 (starting,
// scanning, denied with 'Tentar novamente', failure, no camera API); closes with the accepted code. The same
// dialog reads another device's pairing QR code, with its own title and text.
import { Dialog } from 'radix-ui';
import { ScanBarcode, X } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { devicesText } from '../../../i18n/devices.pt-BR.ts';
import { Button } from '../../../ui/Button.tsx';
import type { ScanKind } from '../scanner/decode.ts';
import { useBarcodeScanner, type ScanState } from '../scanner/use-barcode-scanner.ts';

const copy = t.barcode;

export interface ScannerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDetected: (code: string) => void;
  /** A product's barcode (the default) or a QR code, with the dialog's own title and text for it. */
  kind?: ScanKind;
  title?: string;
  description?: string;
}

/** A button that opens the scanner; `label` is its accessible name. */
export function ScanButton({ onClick, label = copy.scanLabel }: { onClick: () => void; label?: string }) {
  return (
    <Button variant="secondary" aria-label={label} title={label} onClick={onClick} className="shrink-0 px-3">
      <ScanBarcode aria-hidden size={20} />
      <span className="max-sm:sr-only">{copy.scan}</span>
    </Button>
  );
}

export function ScannerDialog({ open, onOpenChange, onDetected, kind = 'barcode', title, description }: ScannerDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-2">
            <Dialog.Title className="text-xl font-bold text-brand-900">{title ?? copy.dialogTitle}</Dialog.Title>
            <Dialog.Close
              aria-label={copy.close}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl text-ink/70 hover:bg-brand-50"
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-ink/80">{description ?? copy.dialogText}</Dialog.Description>
          <ScannerView
            kind={kind}
            onDetected={(code) => {
              onOpenChange(false);
              onDetected(code);
            }}
          />
          <Dialog.Close asChild>
            <Button variant="secondary">{copy.cancel}</Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const statusText: Record<ScanState, string> = {
  starting: copy.initializing,
  scanning: copy.scanning,
  detected: '',
  denied: copy.denied,
  failed: copy.failed,
  unavailable: copy.unavailable,
};

/** Mounted only while the dialog is open: the camera runs exactly as long as it is shown. */
function ScannerView({ onDetected, kind }: { onDetected: (code: string) => void; kind: ScanKind }) {
  const { state, videoRef, retry } = useBarcodeScanner(onDetected, kind);
  const problem = state === 'denied' || state === 'failed' || state === 'unavailable';
  return (
    <div className="flex flex-col gap-3">
      {problem ? null : (
        <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink">
          <video ref={videoRef} muted playsInline aria-hidden className="size-full object-cover" />
          {state === 'scanning' ? (
            <div aria-hidden className="pointer-events-none absolute inset-x-6 top-1/2 h-0.5 -translate-y-1/2 bg-red-500/80" />
          ) : null}
        </div>
      )}
      <div
        role={problem ? 'alert' : 'status'}
        data-scan-state={state}
        className={problem ? 'rounded-xl border border-red-200 bg-red-50 p-3 text-red-900' : 'text-center text-ink/70'}
      >
        <p className={problem ? 'font-semibold' : undefined}>
          {state === 'scanning' && kind === 'qr' ? devicesText.scanning : statusText[state]}
        </p>
        {state === 'denied' ? <p className="mt-1 text-sm">{copy.deniedText}</p> : null}
        {state === 'failed' ? <p className="mt-1 text-sm">{copy.cameraError}</p> : null}
      </div>
      {state === 'denied' || state === 'failed' ? <Button onClick={retry}>{copy.retry}</Button> : null}
    </div>
  );
}
