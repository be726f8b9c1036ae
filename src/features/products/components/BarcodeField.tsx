// The form's barcode field: typed, pasted, read by a USB scanner (which types the code and presses Enter: Enter
// here looks the code up instead of submitting the form) or scanned with the camera; the lookup's status below.
import { useState, type KeyboardEvent } from 'react';
import { clsx } from 'clsx';
import type { FoundProduct } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { TextField } from '../../../ui/form/TextField.tsx';
import { useBarcodeLookup } from '../use-barcode-lookup.ts';
import { ScanButton, ScannerDialog } from './ScannerDialog.tsx';

export interface BarcodeFieldProps {
  value: string;
  error?: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  /** A product the public database knows for the code (the form fills what the owner left blank). */
  onFound: (code: string, product: FoundProduct) => void;
}

const statusClass = {
  idle: '',
  loading: 'text-ink/70',
  success: 'text-green-700',
  info: 'text-brand-900',
  error: 'text-red-700',
} as const;

export function BarcodeField({ value, error, onChange, onBlur, onFound }: BarcodeFieldProps) {
  const [scanning, setScanning] = useState(false);
  const lookup = useBarcodeLookup(onFound);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    lookup.lookup(event.currentTarget.value);
  };
  return (
    <div className="flex min-w-60 flex-1 flex-col">
      <div className="flex items-start gap-2">
        <TextField
          label={t.products.codigoBarras}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="search"
          className="min-w-0 flex-1"
          value={value}
          error={error}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        <div className="mt-6">
          <ScanButton
            onClick={() => {
              setScanning(true);
            }}
          />
        </div>
      </div>
      {lookup.status === 'idle' ? null : (
        <div
          role={lookup.status === 'error' ? 'alert' : 'status'}
          className={clsx('text-sm font-medium', statusClass[lookup.status])}
        >
          <p>{lookup.message}</p>
          {lookup.status === 'loading' ? <p className="font-normal">{t.barcode.searchingPublic}</p> : null}
        </div>
      )}
      <ScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        onDetected={(code) => {
          onChange(code);
          lookup.lookup(code);
        }}
      />
    </div>
  );
}
