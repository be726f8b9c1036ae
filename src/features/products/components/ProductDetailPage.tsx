// The product's page: its fields, current and minimum stock with the low-stock warning, stock entry and count,
// the stock history, edit and delete; not found when it does not exist (or was just deleted).
import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlertTriangle, ArrowLeft, Pencil } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { buttonClass } from '../../../ui/Button.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { showToast } from '../../../ui/toast.ts';
import { CATEGORIES } from '../product-form.ts';
import { formatStock } from '../quantity.ts';
import { DeleteProductDialog } from './DeleteProductDialog.tsx';
import { ProductLoading, ProductNotFound } from './ProductStates.tsx';
import { StockDialog } from './StockDialog.tsx';
import { StockHistory } from './StockHistory.tsx';
import { ProductImageField } from './ProductImageField.tsx';

const copy = t.products;

function categoryName(categoria: string): string {
  return (CATEGORIES as readonly string[]).includes(categoria)
    ? copy.categories[categoria as (typeof CATEGORIES)[number]]
    : categoria;
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-sm text-ink/60">{label}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  );
}

export function ProductDetailPage({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const live = useLiveQuery('productDetail', { productId });
  const product = live.status === 'ok' ? live.data : undefined;
  usePageTitle(product?.nome ?? t.pages.productDetail);
  const failed = live.status === 'error';
  useEffect(() => {
    if (!failed) return;
    showToast({ title: copy.errorTitle, description: copy.detailError, kind: 'destructive' });
    void navigate({ to: '/products' });
  }, [failed, navigate]);

  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex items-center gap-2">
        <Link
          to="/products"
          aria-label={copy.back}
          className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft aria-hidden />
        </Link>
        <h1 id="page-title" className="min-w-0 break-words text-2xl font-bold text-brand-900">
          {product?.nome ?? t.pages.productDetail}
        </h1>
      </div>
      {live.status === 'loading' || failed ? (
        <ProductLoading />
      ) : !product ? (
        <ProductNotFound />
      ) : (
        <>
          <div className="rounded-2xl border border-ink/10 bg-white p-4">
            <ProductImageField productId={product.id} remoteUrl={product.imagem_url} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="rounded-2xl border border-ink/10 bg-white p-4">
              <p className="text-sm text-ink/60">{copy.price}</p>
              <p className="text-2xl font-bold text-brand-700">{formatBRL(product.preco)}</p>
            </div>
            <div className="rounded-2xl border border-ink/10 bg-white p-4">
              <p className="text-sm text-ink/60">{copy.currentStock}</p>
              <p className="text-2xl font-bold" data-testid="current-stock">
                {formatStock(product.estoque, product.unidade)}
              </p>
              <p className="text-sm text-ink/60">
                {copy.minimumStock}: {formatStock(product.estoque_minimo ?? 5, product.unidade)}
              </p>
            </div>
          </div>
          {product.estoqueBaixo ? (
            <p role="status" className="flex gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
              <AlertTriangle aria-hidden className="shrink-0" />
              {copy.lowStockWarning(formatStock(product.estoque_minimo ?? 5, product.unidade))}
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <StockDialog productId={product.id} unit={product.unidade} mode="entrada" />
            <StockDialog productId={product.id} unit={product.unidade} mode="ajuste" />
          </div>
          <section aria-labelledby="product-details" className="rounded-2xl border border-ink/10 bg-white p-4">
            <h2 id="product-details" className="text-lg font-bold text-brand-900">
              {copy.details}
            </h2>
            <dl className="mt-2 grid gap-3 sm:grid-cols-2">
              <Detail label={copy.cost} value={product.preco_compra ? formatBRL(product.preco_compra) : null} />
              <Detail label={copy.unidade} value={product.unidade} />
              <Detail label={copy.categoria} value={product.categoria ? categoryName(product.categoria) : null} />
              <Detail label={copy.marca} value={product.marca} />
              <Detail label={copy.codigoBarras} value={product.codigo_barras} />
              <Detail label={copy.local} value={product.local} />
              <Detail label={copy.descricao} value={product.descricao} />
            </dl>
          </section>
          <StockHistory productId={product.id} unit={product.unidade} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to="/products/$id/edit" params={{ id: product.id }} className={buttonClass('secondary', 'flex-1')}>
              <Pencil aria-hidden size={20} />
              {copy.edit}
            </Link>
            <DeleteProductDialog
              productId={product.id}
              name={product.nome}
              onDeleted={() => {
                void navigate({ to: '/products' });
              }}
            />
          </div>
        </>
      )}
    </section>
  );
}
