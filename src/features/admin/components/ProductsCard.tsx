// One product on /admin/products (docs/product.md §2): name, stock badge, category, sale and purchase prices, stock and
// minimum, created date, owner, brand and barcode; 'Ver detalhes' (a dialog) and 'Excluir' after a confirmation
// naming the product.
import { clsx } from 'clsx';
import { Eye } from 'lucide-react';
import type { AdminProductRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatStock } from '../../products/index.ts';
import { useDeleteProduct } from '../products-sales-queries.ts';
import { categoryLabel, ownerLabel, stockLevel, type StockLevel } from '../products-sales-rules.ts';
import { CardField, CardRemoveButton } from './CardParts.tsx';

const copy = t.adminProductsSales.products;
const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

export const STOCK_BADGES: Record<StockLevel, { text: string; className: string }> = {
  out: { text: copy.stockOut, className: 'bg-red-100 text-red-800' },
  low: { text: copy.stockLow, className: 'bg-amber-100 text-amber-900' },
  ok: { text: copy.stockOk, className: 'bg-green-100 text-green-800' },
};

export function ProductsCard({
  product,
  onDetails,
}: {
  product: AdminProductRow;
  onDetails: (product: AdminProductRow) => void;
}) {
  const remove = useDeleteProduct();
  const badge = STOCK_BADGES[stockLevel(product)];
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold text-brand-900">{product.nome}</h2>
        <span className={clsx(BADGE, badge.className)}>{badge.text}</span>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm lg:grid-cols-4">
        <CardField term={copy.category} value={product.categoria ? categoryLabel(product.categoria) : copy.noCategory} />
        <CardField term={copy.salePrice} value={formatBRL(product.preco)} />
        <CardField term={copy.purchasePrice} value={formatBRL(product.precoCompra)} />
        <CardField
          term={copy.stock}
          value={`${formatStock(product.estoque, product.unidade)} / ${formatStock(product.estoqueMinimo, product.unidade)}`}
        />
        <CardField term={copy.createdAt} value={formatDate(product.createdAt) || copy.none} />
        <CardField term={copy.owner} value={ownerLabel(product.owner)} className="col-span-2" />
        <CardField term={copy.brand} value={product.marca ?? copy.none} />
        <CardField term={copy.barcode} value={product.codigoBarras ?? copy.none} />
      </dl>
      <div role="group" aria-label={copy.actionsOf(product.nome)} className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            onDetails(product);
          }}
        >
          <Eye aria-hidden size={16} />
          {copy.details}
        </Button>
        <CardRemoveButton
          copy={copy}
          description={copy.removeDescription(product.nome)}
          pending={remove.pending}
          onRemove={() => remove.run(product.id)}
        />
      </div>
    </li>
  );
}
