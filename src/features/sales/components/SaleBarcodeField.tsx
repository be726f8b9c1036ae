// The new sale's barcode field: typed or read by a USB scanner (Enter adds), or the camera; the product with
// that exact code goes into the cart, or 'Produto não encontrado'. The same code again within a second is ignored;
// codes read while one is being added are added in turn.
import { useRef, useState } from 'react';
import { PackagePlus } from 'lucide-react';
import { DataError } from '../../../../workers/contract/errors.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { ScanButton, ScannerDialog } from '../../products/index.ts';
import { isRepeatScan } from '../cart-rules.ts';

const copy = newSaleText;

export function SaleBarcodeField() {
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const last = useRef<{ code: string; at: number } | null>(null);
  const add = useCommand((data, codigo: string) => data.cart.addByBarcode(codigo), {
    success: (added) => ({ title: copy.productAdded, description: added.nome }),
    describeFailure: (thrown) =>
      DataError.from(thrown).code === 'not_found'
        ? { title: copy.productNotFound, description: copy.productNotFoundText }
        : { title: copy.errorTitle, description: errorMessage(thrown) },
  });
  // Codes read while the previous one is being added wait their turn (a scanner can be faster than the worker).
  const queue = useRef<string[]>([]);
  const draining = useRef(false);
  const drain = async () => {
    if (draining.current) return;
    draining.current = true;
    let added = false;
    for (let next = queue.current.shift(); next !== undefined; next = queue.current.shift()) {
      added = (await add.run(next)) !== undefined;
    }
    draining.current = false;
    if (added) setCode('');
  };
  const submit = (value: string) => {
    const codigo = value.trim();
    if (codigo === '') return;
    const now = Date.now();
    if (isRepeatScan(last.current, codigo, now)) return;
    last.current = { code: codigo, at: now };
    queue.current.push(codigo);
    void drain();
  };
  return (
    <form
      className="flex gap-2"
      aria-label={copy.barcodeLabel}
      onSubmit={(event) => {
        event.preventDefault();
        submit(code);
      }}
    >
      <input
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="done"
        aria-label={copy.barcodeLabel}
        placeholder={copy.barcodePlaceholder}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
        }}
        className={`${inputClass} min-w-0 flex-1 border-ink/20`}
      />
      <Button type="submit" variant="secondary" className="shrink-0 px-3" aria-label={copy.barcodeAdd} title={copy.barcodeAdd}>
        <PackagePlus aria-hidden size={20} />
      </Button>
      <ScanButton
        onClick={() => {
          setScanning(true);
        }}
      />
      <ScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        onDetected={(detected) => {
          setCode(detected);
          submit(detected);
        }}
      />
    </form>
  );
}
