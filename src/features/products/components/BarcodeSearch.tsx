// The products list's barcode search (docs/product.md §2): typed, read by a USB scanner or scanned with the camera; the
// product with that code opens, or the owner is offered a new product with the code filled in.
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Plus, Search } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { Button } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { PRODUCT_DRAFT } from '../use-product-draft.ts';
import { ScanButton, ScannerDialog } from './ScannerDialog.tsx';

const copy = t.barcode;

export function BarcodeSearch() {
  const navigate = useNavigate();
  const data = useDataClient();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState('');
  const [scanning, setScanning] = useState(false);
  const match = useLiveQuery('productByBarcode', { code: asked });
  const found = asked !== '' && match.status === 'ok' ? match.data : null;
  const missing = asked !== '' && match.status === 'ok' && match.data === null;

  useEffect(() => {
    if (found) void navigate({ to: '/products/$id', params: { id: found.id } });
  }, [found, navigate]);

  const createWithCode = async () => {
    // The new product's form starts from its draft: the code goes there, whatever else the owner had typed stays.
    const draft = await data.drafts.get(PRODUCT_DRAFT).catch(() => null);
    await data.drafts.put(PRODUCT_DRAFT, { ...(draft ?? {}), codigo_barras: asked }).catch(() => undefined);
    await navigate({ to: '/products/new' });
  };

  return (
    <div className="flex flex-col gap-2">
      <form
        role="search"
        aria-label={copy.searchLabel}
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(text.trim());
        }}
      >
        <input
          type="search"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="search"
          aria-label={copy.searchLabel}
          placeholder={copy.searchPlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() === '') setAsked('');
          }}
          className={`${inputClass} min-w-0 flex-1 border-ink/20`}
        />
        <Button
          type="submit"
          variant="secondary"
          aria-label={copy.searchButton}
          title={copy.searchButton}
          className="shrink-0 px-3"
        >
          <Search aria-hidden size={20} />
        </Button>
        <ScanButton
          onClick={() => {
            setScanning(true);
          }}
        />
      </form>
      {missing ? (
        <div
          role="status"
          className="flex flex-col items-start gap-1 rounded-xl bg-brand-50 px-4 py-3 text-brand-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{copy.noProduct(asked)}</p>
          <Button variant="ghost" onClick={() => void createWithCode()} className="-mx-3 px-3">
            <Plus aria-hidden size={18} />
            {copy.createWithCode}
          </Button>
        </div>
      ) : null}
      <ScannerDialog
        open={scanning}
        onOpenChange={setScanning}
        onDetected={(code) => {
          setText(code);
          setAsked(code);
        }}
      />
    </div>
  );
}
