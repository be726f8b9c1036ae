// One row of the product list: name, brand, price, stock and the low-stock warning, linking to the detail.
import { Link } from '@tanstack/react-router';
import { AlertTriangle, ChevronRight } from 'lucide-react';
import type { ProductView } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { formatStock } from '../quantity.ts';
import { ProductThumbnail } from './ProductThumbnail.tsx';

const copy = t.products;

export function ProductRow({ product }: { product: ProductView }) {
  return (
    <li>
      <Link
        to="/products/$id"
        params={{ id: product.id }}
        className="flex min-h-16 items-center gap-3 rounded-2xl border border-ink/10 bg-white px-4 py-3 hover:border-brand-500"
      >
        <ProductThumbnail product={product} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-ink">{product.nome}</p>
          <p className="text-sm text-ink/70">
            {copy.stockLabel}: <span className="font-medium text-ink">{formatStock(product.estoque, product.unidade)}</span>
            {product.marca ? <span className="text-ink/60"> · {product.marca}</span> : null}
          </p>
          {product.estoqueBaixo ? (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <AlertTriangle aria-hidden size={14} />
              {copy.lowStock}
            </p>
          ) : null}
        </div>
        <p className="shrink-0 text-right font-bold text-brand-700">{formatBRL(product.preco)}</p>
        <ChevronRight aria-hidden className="shrink-0 text-ink/40" size={20} />
      </Link>
    </li>
  );
}
