// 'Nova Venda' (docs/product.md §2 Sales area): product search by name or brand, the barcode field and scanner, the
// virtualised product list, the cart icon with its count, 'Concluir pedido' (held at the bottom of the screen,
// above the phone's bottom bar) and the cart dialog; after a sale with 'Nova venda' the search is cleared and
// focused for the next customer. All on the device.
import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { History, PackageOpen, Plus, Scale, ShoppingCart } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { salesHistoryText } from '../../../i18n/sales-history.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { inputClass } from '../../../ui/form/TextField.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSyncStatus } from '../../sync/index.ts';
import { useAddToCart } from '../cart-commands.ts';
import { CartDialog } from './CartDialog.tsx';
import { SaleBarcodeField } from './SaleBarcodeField.tsx';
import { SaleProductRow } from './SaleProductRow.tsx';
import { ROWS_PER_REQUEST, VirtualProductList } from './VirtualProductList.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = newSaleText;
function ProductArea({ text }: { text: string }) {
  const [limit, setLimit] = useState(ROWS_PER_REQUEST);
  const products = useLiveQuery('productList', { text, limit });
  const sync = useSyncStatus();
  const add = useAddToCart();
  if (products.status === 'loading') {
    return (
      <p role="status" className="rounded-2xl border border-ink/10 bg-white px-4 py-10 text-center text-ink/70">
        {t.app.loading}
      </p>
    );
  }
  if (products.status === 'error') {
    return (
      <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-6 text-center font-medium text-red-800">
        {copy.loadProductsError}
      </p>
    );
  }
  if (products.data.items.length === 0 && (!sync.known || sync.download?.readyToSell === false)) {
    // The first download may not have made the device ready to sell: the products have not arrived yet.
    return (
      <p role="status" className="rounded-2xl border border-ink/10 bg-white px-4 py-10 text-center text-ink/70">
        {t.sync.downloading}
      </p>
    );
  }
  if (products.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-ink/10 bg-white px-4 py-10 text-center">
        <PackageOpen aria-hidden size={40} className="text-brand-600" />
        <p className="font-semibold text-ink">{copy.noProducts}</p>
        {text === '' ? (
          <Link to="/products/new" className={buttonClass('secondary')}>
            <Plus aria-hidden size={18} />
            {copy.registerProduct}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <VirtualProductList
      items={products.data.items}
      total={products.data.total}
      label={copy.productsLabel}
      loadingLabel={t.app.loading}
      onRowsNeeded={(count) => {
        setLimit((current) => Math.max(current, count));
      }}
      renderRow={(product) => <SaleProductRow product={product} busy={add.pending} onAdd={() => void add.run(product.id)} />}
    />
  );
}

export function NewSalePage() {
  usePageTitle(t.pages.sales);
  const [text, setText] = useState('');
  const [cartOpen, setCartOpen] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const cart = useLiveQuery('cart', undefined);
  const count = cart.data?.count ?? 0;
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <PageHeader title={t.pages.sales} wrap={false}>
        <div className="flex items-center gap-2">
          <Link
            to="/sales/history"
            className={buttonClass('ghost', 'px-3')}
            aria-label={salesHistoryText.title}
            title={salesHistoryText.title}
          >
            <History aria-hidden size={20} />
            <span className="max-sm:sr-only">{salesHistoryText.historyLink}</span>
          </Link>
          <Link
            to="/sales/weighted"
            className={buttonClass('ghost', 'px-3')}
            aria-label={copy.weighedLink}
            title={copy.weighedLink}
          >
            <Scale aria-hidden size={20} />
            <span className="max-sm:sr-only">{copy.weighedLink}</span>
          </Link>
          <Button
            variant="secondary"
            className="relative px-3"
            aria-label={copy.cartButton(count)}
            title={copy.cartButton(count)}
            disabled={cart.status !== 'ok'}
            onClick={() => {
              setCartOpen(true);
            }}
          >
            <ShoppingCart aria-hidden size={22} />
            <span
              aria-hidden
              data-testid="cart-count"
              className="absolute -right-2 -top-2 flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-1.5 text-sm font-bold text-ink"
            >
              {count}
            </span>
          </Button>
        </div>
      </PageHeader>
      <input
        ref={search}
        type="search"
        autoComplete="off"
        aria-label={copy.searchLabel}
        placeholder={copy.searchPlaceholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className={`${inputClass} border-ink/20`}
      />
      <SaleBarcodeField />
      <ProductArea key={text.trim()} text={text.trim()} />
      <div
        data-testid="finish-bar"
        className="sticky bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-20 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-ink/10 bg-white p-3 shadow-md md:bottom-4 sm:p-4"
      >
        <p className="text-lg font-bold text-brand-900">
          {copy.total}: <span data-testid="sale-total">{formatBRL(cart.data?.total ?? 0)}</span>
        </p>
        <Button
          disabled={cart.status !== 'ok'}
          onClick={() => {
            setCartOpen(true);
          }}
        >
          <ShoppingCart aria-hidden size={20} />
          {copy.conclude}
        </Button>
      </div>
      {cart.status === 'error' ? (
        <p role="alert" className="font-medium text-red-700">
          {copy.finishFailed}
        </p>
      ) : null}
      {cart.data ? (
        <CartDialog
          cart={cart.data}
          open={cartOpen}
          onOpenChange={setCartOpen}
          onStay={() => {
            setText('');
            search.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
