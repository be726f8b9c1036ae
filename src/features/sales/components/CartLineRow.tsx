// One cart line: name, 'Acima do estoque' when it sells more than the stock shows (allowed), the steppers of a
// unit product (never below 1) or the weight of a kg/g product (typed the Brazilian way; empty becomes 1; a weight
// that cannot be read or is above the limit stays on its field with its message and never reaches the cart), the
// subtotal with the line's discount ('Desconto em …', in R$ or %) and 'Remover'.
import { useEffect, useState } from 'react';
import { clsx } from 'clsx';
import { AlertTriangle, Minus, Percent, Plus, Trash2 } from 'lucide-react';
import type { CartLineView } from '../../../../workers/api.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { quantityTextOf } from '../../../../workers/cart/schema.ts';
import { readQuantity } from '../../../lib/number-input.ts';
import { QuantityField } from '../../../ui/form/NumberFields.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { stepQuantity, weightOnBlur } from '../cart-rules.ts';
import { discountLabel } from '../receipt.ts';
import { DiscountField } from './DiscountField.tsx';

const copy = newSaleText;
const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-ink/20 bg-white text-brand-700 hover:bg-brand-50 disabled:opacity-50';

/** The weight as typed; each readable weight is written to the cart as it changes (the latest wins once the
 * previous write ends). */
function WeightInput({ line }: { line: CartLineView }) {
  const { quantity } = useCartEdits();
  /** What the field shows while the owner edits it; null when it follows the cart. */
  const [text, setText] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const { pending, run } = quantity;
  useEffect(() => {
    if (pending || target === null) return;
    const sent = target;
    // Once written, the field follows the cart again (another tap elsewhere may change the line).
    const settle = () => {
      setTarget((current) => (current === sent ? null : current));
    };
    if (sent === line.quantidade) settle();
    else void run(line.produto_id, sent).then(settle);
  }, [pending, target, line.quantidade, line.produto_id, run]);
  return (
    <QuantityField
      label={copy.weightOf(line.nome, line.unidade)}
      labelHidden
      unit={line.unidade}
      className="w-32"
      value={text ?? line.quantidade}
      onFocus={() => {
        setText(line.quantidade);
      }}
      onValueChange={(typed) => {
        setText(typed);
        const reading = readQuantity(typed, line.unidade);
        if (reading.ok && typed.trim() !== '') setTarget(quantityTextOf(reading.value));
      }}
      onBlur={() => {
        if (text === null) return;
        if (text.trim() === '') setTarget(weightOnBlur(text));
        // A weight that cannot be stored keeps its text and message; any other follows the cart again.
        if (text.trim() === '' || readQuantity(text, line.unidade).ok) setText(null);
      }}
    />
  );
}

export function CartLineRow({ line }: { line: CartLineView }) {
  const { quantity, remove, lineDiscount } = useCartEdits();
  const [discountOpen, setDiscountOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-ink/10 py-2 last:border-b-0">
      <div className="min-w-0 flex-1 basis-36">
        <p className="truncate font-semibold text-ink" title={line.nome}>
          {line.nome}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink/70">
          <span>
            {formatBRL(line.preco)}
            {line.pesavel ? ` / ${line.unidade}` : null}
          </span>
          {line.acimaDoEstoque ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <AlertTriangle aria-hidden size={14} />
              {copy.aboveStock}
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {line.pesavel ? (
          <WeightInput line={line} />
        ) : (
          <div className="flex items-center gap-1">
            <button
              type="button"
              className={iconButton}
              aria-label={copy.decrease(line.nome)}
              disabled={Number(line.quantidade) <= 1}
              onClick={() => void quantity.run(line.produto_id, stepQuantity(line.quantidade, -1))}
            >
              <Minus aria-hidden size={18} />
            </button>
            <output aria-label={copy.quantityOf(line.nome)} className="min-w-8 text-center text-lg font-semibold">
              {line.quantidade}
            </output>
            <button
              type="button"
              className={iconButton}
              aria-label={copy.increase(line.nome)}
              onClick={() => void quantity.run(line.produto_id, stepQuantity(line.quantidade, 1))}
            >
              <Plus aria-hidden size={18} />
            </button>
          </div>
        )}
        <p className="w-24 text-right font-bold text-brand-900">
          <span className="sr-only">{copy.subtotal}: </span>
          {formatBRL(line.subtotal)}
          {line.descontoValor > 0 ? (
            <span className="block text-xs font-normal text-ink/70">
              <span className="sr-only">{copy.discount}: </span>
              {discountLabel(line.descontoValor)}
            </span>
          ) : null}
        </p>
        <button
          type="button"
          className={clsx(iconButton, discountOpen && 'bg-brand-50')}
          aria-label={copy.lineDiscount(line.nome)}
          aria-expanded={discountOpen}
          title={copy.lineDiscount(line.nome)}
          onClick={() => {
            setDiscountOpen((open) => !open);
          }}
        >
          <Percent aria-hidden size={18} />
        </button>
        <button
          type="button"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-red-700 hover:bg-red-50"
          aria-label={copy.removeItem(line.nome)}
          title={copy.removeItem(line.nome)}
          onClick={() => void remove.run(line.produto_id)}
        >
          <Trash2 aria-hidden size={20} />
        </button>
      </div>
      {discountOpen ? (
        <div className="basis-full">
          <DiscountField
            legend={copy.lineDiscount(line.nome)}
            discount={line.desconto ?? null}
            onChange={(desconto) => void lineDiscount.run({ produto_id: line.produto_id, desconto })}
          />
        </div>
      ) : null}
    </li>
  );
}
