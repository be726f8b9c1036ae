// One product of the new sale's list (140 px): name, brand, price, the stock shown, and 'Adicionar'.
import { Plus } from 'lucide-react';
import type { ProductView } from '../../../../workers/api.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatStock } from '../../products/index.ts';

const copy = newSaleText;

export function SaleProductRow({ product, onAdd, busy }: { product: ProductView; onAdd: () => void; busy: boolean }) {
  return (
    <div className="flex h-full items-center gap-3 px-4">
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 font-semibold text-ink">{product.nome}</p>
        {product.marca ? <p className="truncate text-sm text-ink/70">{product.marca}</p> : null}
        <p className="mt-1 text-lg font-bold text-brand-700">
          {formatBRL(product.preco)}
          {product.unidade !== 'un' ? <span className="text-sm font-medium text-ink/70"> / {product.unidade}</span> : null}
        </p>
        <p className={product.estoque <= 0 ? 'text-sm font-medium text-red-700' : 'text-sm text-ink/70'}>
          {copy.stockShown(formatStock(product.estoque, product.unidade))}
        </p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0 px-3"
        aria-label={copy.addProduct(product.nome)}
        title={copy.addProduct(product.nome)}
        disabled={busy}
        onClick={onAdd}
      >
        <Plus aria-hidden size={20} />
        <span className="max-sm:sr-only">{copy.add}</span>
      </Button>
    </div>
  );
}
