// 'Produtos': the name search, the low-stock filter (shown and removable), the infinite list (a page of 10 more at
// 80 % of the scroll), the free plan's counter and cap, the barcode search, and the empty and end-of-list states.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PackageOpen, Plus, X } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { SearchField } from '../../../ui/form/SearchField.tsx';
import { DataStates, EmptyNotice } from '../../../ui/DataStates.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { useSignedInAccount } from '../../account/index.ts';
import { useProductList } from '../use-product-list.ts';
import { BarcodeSearch } from './BarcodeSearch.tsx';
import { ProductCapDialog } from './ProductCapDialog.tsx';
import { ProductRow } from './ProductRow.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.products;
/** Where the first page of products will be, until the first answer. */
const PRODUCT_ROWS_SKELETON = { count: 5, className: 'h-20', grid: 'flex flex-col gap-2' };

/**
 * Calls `onVisible` when the sentinel comes near the viewport (the last fifth of the scroll); observed again when
 * the list grows, so a page that still leaves it in view asks for the next one.
 */
function useSentinel(onVisible: () => void, shown: number) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '0px 0px 25% 0px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [shown]);
  return ref;
}

/** The active low-stock filter, and the button that removes it. */
function LowStockFilter() {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="product-filter">
      <span className="text-sm text-ink/70">{copy.filterLabel}</span>
      <Link
        to="/products"
        search={{}}
        aria-label={copy.removeLowStockFilter}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-red-50 px-4 font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-100"
      >
        {copy.lowStockFilter}
        <X aria-hidden size={18} />
      </Link>
    </div>
  );
}

export function ProductListPage({ lowStock = false }: { lowStock?: boolean }) {
  usePageTitle(copy.listTitle);
  const navigate = useNavigate();
  const account = useSignedInAccount();
  const [text, setText] = useState('');
  const list = useProductList(text, lowStock);
  const count = useLiveQuery('productCount', undefined);
  const [capOpen, setCapOpen] = useState(false);
  const sentinel = useSentinel(list.loadMore, list.page?.items.length ?? 0);
  const free = !account.plan.isPremium;
  const productCount = count.status === 'ok' ? count.data : 0;
  // The server's cap for this owner (none on premium; unknown until the server first answered).
  const capQuery = useLiveQuery('productCap', undefined);
  const cap = capQuery.status === 'ok' ? capQuery.data : null;

  const openNew = () => {
    if (cap !== null && productCount >= cap) setCapOpen(true);
    else void navigate({ to: '/products/new' });
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <PageHeader title={copy.listTitle}>
        <Button onClick={openNew}>
          <Plus aria-hidden size={20} />
          {copy.newButton}
        </Button>
      </PageHeader>
      {free && count.status === 'ok' && cap !== null ? (
        <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-4 py-2 text-sm text-brand-900">
          <span className="font-semibold" data-testid="product-counter">
            {copy.freeCounter(productCount, cap)}
          </span>
          <Link to="/account" className="font-semibold text-brand-700 underline">
            {copy.subscribePremium}
          </Link>
        </p>
      ) : null}
      <SearchField label={copy.searchLabel} placeholder={copy.searchPlaceholder} value={text} onChange={setText} />
      <BarcodeSearch />
      {lowStock ? <LowStockFilter /> : null}
      <DataStates
        state={
          list.page
            ? { status: 'ok', data: list.page }
            : list.failed
              ? { status: 'error', error: undefined }
              : { status: 'loading' }
        }
        skeleton={PRODUCT_ROWS_SKELETON}
        failure={{ title: copy.loadError, message: null }}
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyNotice
            title={lowStock ? copy.lowStockEmpty : copy.empty}
            hint={text.trim() === '' && !lowStock ? copy.emptyHint : undefined}
          >
            <PackageOpen aria-hidden size={40} className="order-first text-brand-500" />
          </EmptyNotice>
        }
      >
        {(page) => (
          <ul aria-label={copy.listTitle} className="flex flex-col gap-2">
            {page.items.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </ul>
        )}
      </DataStates>
      <div ref={sentinel} aria-hidden className="h-1" />
      {list.page && list.page.items.length > 0 ? (
        <p role="status" className="pb-4 text-center text-sm text-ink/60">
          {list.hasMore ? copy.loadingMore : copy.allLoaded}
        </p>
      ) : null}
      {cap !== null ? <ProductCapDialog open={capOpen} onOpenChange={setCapOpen} limit={cap} /> : null}
    </section>
  );
}
