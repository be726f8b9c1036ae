// One row of the product list: name (on up to two lines, so 'Açúcar Cristal…' and 'Açúcar Refinado…' stay apart
// at 360 px), brand, price, stock and the low-stock warning, linking to the detail. On a phone the price goes under
// the name, which then has the row's width; from 640 px it sits on the right.
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
        className="grid min-h-16 grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 rounded-2xl border border-ink/10 bg-white px-4 py-3 hover:border-brand-500 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
      >
        <div className="row-span-2 sm:row-span-1">
          <ProductThumbnail product={product} />
        </div>
        <div className="col-start-2 row-start-1 min-w-0">
          <p className="line-clamp-2 font-semibold text-ink [overflow-wrap:anywhere]">{product.nome}</p>
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
        <p
          className="col-start-2 row-start-2 whitespace-nowrap font-bold text-brand-700 sm:col-start-3 sm:row-start-1 sm:text-right"
          data-money
        >
          {formatBRL(product.preco)}
        </p>
        <ChevronRight
          aria-hidden
          className="col-start-3 row-span-2 row-start-1 text-ink/40 sm:col-start-4 sm:row-span-1"
          size={20}
        />
      </Link>
    </li>
  );
}
