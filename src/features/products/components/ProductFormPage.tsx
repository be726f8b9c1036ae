// 'Novo Produto' and 'Editar Produto': the form on a blank (or drafted) product, or on the product loaded live.
import type { ReactNode } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { formOf } from '../product-form.ts';
import { useProductDraft } from '../use-product-draft.ts';
import { ProductForm } from './ProductForm.tsx';
import { ProductLoading, ProductNotFound } from './ProductStates.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.products;

function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex items-center gap-2">
        <Link
          to="/products"
          aria-label={copy.back}
          className="inline-flex size-12 items-center justify-center rounded-xl text-brand-700 hover:bg-brand-50"
        >
          <ArrowLeft aria-hidden />
        </Link>
        <PageHeader title={title} />
      </div>
      {children}
    </section>
  );
}

export function NewProductPage() {
  const navigate = useNavigate();
  const draft = useProductDraft();
  return (
    <PageFrame title={t.pages.productNew}>
      {draft.initial === undefined ? (
        <ProductLoading />
      ) : (
        <ProductForm
          initial={draft.initial}
          onFormChange={draft.save}
          onSaved={() => {
            void draft.clear().then(() => navigate({ to: '/products' }));
          }}
        />
      )}
    </PageFrame>
  );
}

export function EditProductPage({ productId }: { productId: string }) {
  const navigate = useNavigate();
  const product = useLiveQuery('productDetail', { productId });
  return (
    <PageFrame title={t.pages.productEdit}>
      {product.status === 'loading' ? (
        <ProductLoading />
      ) : product.status === 'error' ? (
        <ProductNotFound message={copy.loadFormError} />
      ) : product.data === null ? (
        <ProductNotFound />
      ) : (
        <ProductForm
          key={product.data.id}
          original={product.data}
          initial={formOf(product.data)}
          onSaved={(id) => {
            void navigate({ to: '/products/$id', params: { id } });
          }}
        />
      )}
    </PageFrame>
  );
}
