// The period's best sellers by what they brought in (up to 5), each with its quantity in its own unit (weights with
// up to 3 decimals): 150 g and 14 un cannot be compared, their amounts can.
import type { TopProduct } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { quantityLabel } from '../chart-labels.ts';
import { SkeletonCards } from '../../../ui/DataStates.tsx';

const copy = t.dashboard;

export function TopProducts({ products, failed }: { products: readonly TopProduct[] | undefined; failed: boolean }) {
  return (
    <section aria-labelledby="top-products-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5">
      <h2 id="top-products-title" className="text-lg font-semibold text-brand-900">
        {copy.topProducts}
      </h2>
      <p className="mb-3 text-sm text-ink/70">{copy.topProductsHelp}</p>
      {failed ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-3 text-red-800">
          {copy.topProductsError}
        </p>
      ) : !products ? (
        <SkeletonCards count={3} className="h-6 rounded" grid="flex flex-col gap-2" />
      ) : products.length === 0 ? (
        <p className="text-ink/80">{copy.topProductsEmpty}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-ink/5" data-testid="top-products">
          {products.map((product, index) => (
            <li key={product.produtoId} className="flex items-center gap-3 py-2">
              <span
                aria-hidden
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
              >
                {index + 1}
              </span>
              <span className="line-clamp-2 min-w-0 flex-1 [overflow-wrap:anywhere]">{product.nome}</span>
              <span className="flex shrink-0 flex-col items-end">
                <span className="whitespace-nowrap font-semibold tabular-nums" data-money>
                  {formatBRL(product.receita)}
                </span>
                <span className="whitespace-nowrap text-sm tabular-nums text-ink/70">
                  {quantityLabel(product.quantidade, product.unidade)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
