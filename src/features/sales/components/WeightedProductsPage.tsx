// 'Produtos Pesáveis' (docs/product.md §2, §5): the products sold by kg or g, each with its weight ('Peso obrigatório',
// 'Peso inválido') and 'Adicionar' into the same cart, found with the sale screen's search by name or brand; the
// empty state offers to register one.
import { useState, type SyntheticEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Plus, Scale, ShoppingCart } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { DataStates, type SkeletonShape } from '../../../ui/DataStates.tsx';
import { readQuantity, quantityProblem } from '../../../lib/number-input.ts';
import { QuantityField } from '../../../ui/form/NumberFields.tsx';
import { usePageTitle } from '../../../ui/page-title.ts';
import { showToast } from '../../../ui/toast.ts';
import { formatStock } from '../../products/index.ts';
import { useAddToCart } from '../cart-commands.ts';
import { checkWeight } from '../cart-rules.ts';
import { matchingProducts } from '../weighed-search.ts';
import { inputClass } from '../../../ui/form/TextField.tsx';

const copy = newSaleText;
const weighed = copy.weighed;
const WEIGHED_SKELETON: SkeletonShape = { count: 4, className: 'h-28' };

interface WeighedProduct {
  id: string;
  nome: string;
  marca: string | null;
  preco: number;
  unidade: string;
  estoque: number;
}

function WeighedRow({ product }: { product: WeighedProduct }) {
  const [weight, setWeight] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useAddToCart();
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkWeight(weight, product.unidade);
    if (!checked.ok) {
      const [title, description] =
        checked.reason === 'required'
          ? [weighed.weightRequired, weighed.weightRequiredText]
          : checked.reason === 'invalid'
            ? [weighed.weightInvalid, weighed.weightInvalidText]
            : [weighed.weightInvalid, quantityProblem(readQuantity(weight, product.unidade), product.unidade) ?? ''];
      setError(description);
      showToast({ title, description, kind: 'destructive' });
      return;
    }
    setError(undefined);
    if (await add.run(product.id, checked.value)) setWeight('');
  };
  return (
    <li className="rounded-2xl border border-ink/10 bg-white p-4">
      <form className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate onSubmit={(event) => void submit(event)}>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">{product.nome}</p>
          {product.marca ? <p className="text-sm text-ink/70">{product.marca}</p> : null}
          <p className="font-bold text-brand-700">{weighed.pricePer(formatBRL(product.preco), product.unidade)}</p>
          <p className="text-sm text-ink/70">{copy.stockShown(formatStock(product.estoque, product.unidade))}</p>
        </div>
        <div className="flex items-start gap-2">
          <QuantityField
            label={weighed.weight(product.unidade)}
            aria-label={`${weighed.weight(product.unidade)} — ${product.nome}`}
            className="w-40"
            unit={product.unidade}
            placeholder={weighed.weightPlaceholder}
            value={weight}
            problemMessages={{ negative: weighed.weightInvalidText, unreadable: weighed.weightInvalidText }}
            error={error}
            onValueChange={(typed) => {
              setWeight(typed);
              setError(undefined);
            }}
          />
          <Button type="submit" className="mt-6 shrink-0 px-3" busy={add.pending} aria-label={copy.addProduct(product.nome)}>
            <Plus aria-hidden size={20} />
            <span className="max-sm:sr-only">{copy.add}</span>
          </Button>
        </div>
      </form>
    </li>
  );
}

export function WeightedProductsPage() {
  usePageTitle(t.pages.salesWeighted);
  const products = useLiveQuery('weighedProducts', undefined);
  const [text, setText] = useState('');
  const shown = products.data ? matchingProducts(products.data, text) : [];
  const cart = useLiveQuery('cart', undefined);
  const count = cart.data?.count ?? 0;
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <div className="flex items-center justify-between gap-2">
        <Link to="/sales" className={buttonClass('ghost', '-ml-3 px-3')} aria-label={weighed.backLabel}>
          <ArrowLeft aria-hidden size={20} />
          {weighed.back}
        </Link>
        <Link to="/sales" className={buttonClass('secondary', 'px-3')} aria-label={copy.cartButton(count)}>
          <ShoppingCart aria-hidden size={20} />
          <span data-testid="cart-count">{count}</span>
        </Link>
      </div>
      <h1 id="page-title" className="flex items-center gap-2 text-2xl font-bold text-brand-900">
        <Scale aria-hidden size={24} />
        {t.pages.salesWeighted}
      </h1>
      <DataStates
        state={products}
        skeleton={WEIGHED_SKELETON}
        failure={{ title: weighed.loadError, message: null }}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="flex flex-col items-center gap-3 rounded-2xl border border-ink/10 bg-white px-4 py-10 text-center">
            <Scale aria-hidden size={40} className="text-brand-600" />
            <p className="font-semibold text-ink">{weighed.empty}</p>
            <Link to="/products/new" className={buttonClass('primary')}>
              <Plus aria-hidden size={18} />
              {weighed.register}
            </Link>
          </div>
        }
      >
        {() => (
          <>
            <input
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
            {shown.length === 0 ? (
              <p
                role="status"
                className="rounded-2xl border border-ink/10 bg-white px-4 py-10 text-center font-semibold text-ink"
              >
                {copy.noProducts}
              </p>
            ) : (
              <ul aria-label={t.pages.salesWeighted} className="flex flex-col gap-3">
                {shown.map((product) => (
                  <WeighedRow key={product.id} product={product} />
                ))}
              </ul>
            )}
          </>
        )}
      </DataStates>
    </section>
  );
}
