// Adding products to the sale being edited: a name or brand search over the device's products, and the barcode
// field (typed, from a USB scanner ending in Enter, or the camera) adds the product with that exact code.
import { useRef, useState } from 'react';
import { Plus, ScanBarcode, Search } from 'lucide-react';
import { clsx } from 'clsx';
import type { ProductView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';
import { ScanButton, ScannerDialog } from '../../products/index.ts';
import { isRepeatScan } from '../cart-rules.ts';
import type { EditLine } from '../sale-edit-form.ts';

const copy = salesHistoryText;
const SHOWN = 6;

export type ProductToAdd = Omit<EditLine, 'quantidade'>;

const toAdd = (product: Pick<ProductView, 'id' | 'nome' | 'marca' | 'unidade' | 'preco'>): ProductToAdd => ({
  produtoId: product.id,
  nome: product.nome,
  marca: product.marca ?? null,
  unidade: product.unidade,
  preco: product.preco,
});

function Matches({ text, onAdd }: { text: string; onAdd: (product: ProductToAdd) => void }) {
  const result = useLiveQuery('productList', { text, limit: SHOWN });
  if (result.status === 'loading') return <p className="px-3 py-2 text-sm text-ink/70">{t.app.loading}</p>;
  if (result.status === 'error') return <p className="px-3 py-2 text-sm text-red-800">{copy.loadError}</p>;
  if (result.data.items.length === 0) return <p className="px-3 py-2 text-sm text-ink/70">{copy.productsEmpty}</p>;
  return (
    <ul aria-label={copy.productSearch} className="divide-y divide-ink/5">
      {result.data.items.map((product) => (
        <li key={product.id}>
          <button
            type="button"
            aria-label={copy.addProduct(product.nome)}
            className="flex min-h-12 w-full items-center gap-2 px-3 py-2 text-left hover:bg-brand-50 focus-visible:bg-brand-50"
            onClick={() => {
              onAdd(toAdd(product));
            }}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{product.nome}</span>
              {product.marca ? <span className="block truncate text-xs text-ink/60">{product.marca}</span> : null}
            </span>
            <span className="shrink-0 text-sm tabular-nums text-ink/80">{formatBRL(product.preco)}</span>
            <Plus aria-hidden size={18} className="shrink-0 text-brand-700" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function EditSaleProducts({ onAdd }: { onAdd: (product: ProductToAdd) => void }) {
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const lookup = useCommand(
    async (data, barcode: string) => {
      const found = await data.products.findByBarcode(barcode);
      return found ? await data.products.get(found.id) : null;
    },
    { describeFailure: () => copy.loadError },
  );
  const [scanning, setScanning] = useState(false);
  const last = useRef<{ code: string; at: number } | null>(null);
  const addByCode = async (value: string) => {
    const barcode = value.trim();
    if (barcode === '') return;
    // The same code again within a second is the scanner repeating itself (docs/product.md §5).
    const now = Date.now();
    if (isRepeatScan(last.current, barcode, now)) return;
    last.current = { code: barcode, at: now };
    const product = await lookup.run(barcode);
    if (product === undefined) return;
    if (product === null) {
      showToast({ title: copy.productNotFound, description: copy.productNotFoundText, kind: 'destructive' });
      return;
    }
    setCode('');
    onAdd(toAdd(product));
    showToast({ title: copy.productAdded, description: product.nome, kind: 'success' });
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="rounded-xl ring-1 ring-ink/20">
        <div className="relative">
          <Search aria-hidden size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink/50" />
          <input
            type="search"
            aria-label={copy.productSearch}
            placeholder={copy.productSearchPlaceholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
            }}
            onKeyDown={(event) => {
              // Enter in a search does not save the sale.
              if (event.key === 'Enter') event.preventDefault();
            }}
            className={clsx(inputClass, 'border-transparent pl-10')}
          />
        </div>
        {text.trim() !== '' ? (
          <Matches
            text={text.trim()}
            onAdd={(product) => {
              setText('');
              onAdd(product);
            }}
          />
        ) : null}
      </div>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <ScanBarcode
            aria-hidden
            size={18}
            className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink/50"
          />
          <input
            inputMode="numeric"
            autoComplete="off"
            aria-label={copy.barcode}
            placeholder={copy.barcode}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
            }}
            onKeyDown={(event) => {
              // A USB scanner types the code and presses Enter; the edit form around must not submit.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void addByCode(code);
            }}
            className={clsx(inputClass, 'border-ink/20 pl-10')}
          />
        </div>
        <button
          type="button"
          aria-label={copy.addByCode}
          onClick={() => {
            void addByCode(code);
          }}
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white hover:bg-brand-700 disabled:opacity-60"
          disabled={lookup.pending}
        >
          <Plus aria-hidden size={22} />
        </button>
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
            void addByCode(detected);
          }}
        />
      </div>
    </div>
  );
}
