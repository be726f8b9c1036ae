// 'Ver detalhes' of an admin product: every field of the card plus description, unit and photo, in a dialog
// (the owner's /products/{id} shows only the signed-in owner's own products).
import type { AdminProductRow } from '../../../../workers/api.ts';
import { t } from '../../../i18n/admin-catalogue.ts';
import { formatBRL, formatDateTime } from '../../../lib/format.ts';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { formatStock } from '../../products/index.ts';
import { ownerLabel, stockLevel } from '../products-sales-rules.ts';
import { CardField } from './CardParts.tsx';
import { STOCK_BADGES } from './ProductsCard.tsx';

const copy = t.adminProductsSales.products;

export function ProductsDetailsDialog({ product, onClose }: { product: AdminProductRow | null; onClose: () => void }) {
  return (
    <FormDialog
      open={product !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={product?.nome ?? copy.detailsTitle}
      closeLabel={copy.close}
      size="lg"
    >
      {product ? (
        <div className="mt-4 flex flex-col gap-4">
          {product.imagemUrl ? (
            <img src={product.imagemUrl} alt={product.nome} className="mx-auto max-h-48 rounded-xl object-contain" />
          ) : null}
          <p className="text-sm font-semibold">{STOCK_BADGES[stockLevel(product)].text}</p>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <CardField term={copy.category} value={product.categoria ?? copy.noCategory} />
            <CardField term={copy.brand} value={product.marca ?? copy.none} />
            <CardField term={copy.salePrice} value={formatBRL(product.preco)} />
            <CardField term={copy.purchasePrice} value={formatBRL(product.precoCompra)} />
            <CardField
              term={copy.stock}
              value={`${formatStock(product.estoque, product.unidade)} / ${formatStock(product.estoqueMinimo, product.unidade)}`}
            />
            <CardField term={copy.unit} value={product.unidade} />
            <CardField term={copy.barcode} value={product.codigoBarras ?? copy.none} />
            <CardField term={copy.createdAt} value={formatDateTime(product.createdAt) || copy.none} />
            <CardField term={copy.owner} value={ownerLabel(product.owner)} className="col-span-2" />
            {product.owner?.email ? <CardField term={copy.email} value={product.owner.email} className="col-span-2" /> : null}
            <CardField term={copy.description} value={product.descricao ?? copy.none} className="col-span-2" />
          </dl>
        </div>
      ) : null}
    </FormDialog>
  );
}
