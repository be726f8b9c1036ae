// A discount at the counter, of the sale or of one line: 'R$' or '%' and the amount, written to the cart as it is
// typed (blank removes it); the cart works out the amount in cents and never lets it pass what it discounts.
import { useState } from 'react';
import { clsx } from 'clsx';
import { DISCOUNT_KINDS, type Discount, type DiscountKind } from '../../../../workers/cart/schema.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { moneyText, readMoney, readNumber } from '../../../lib/number-input.ts';
import { MoneyField, PercentField } from '../../../ui/form/NumberFields.tsx';

const copy = newSaleText;

function readingOf(kind: DiscountKind, text: string) {
  return kind === 'percentual' ? readNumber(text, 2, 100) : readMoney(text);
}

export function DiscountField({
  legend,
  discount,
  onChange,
}: {
  legend: string;
  discount: Discount | null;
  onChange: (discount: Discount | null) => void;
}) {
  const [kind, setKind] = useState<DiscountKind>(discount?.tipo ?? 'valor');
  const [text, setText] = useState(() => (discount ? moneyText(discount.valor) : ''));
  const send = (nextKind: DiscountKind, typed: string) => {
    const reading = readingOf(nextKind, typed);
    if (typed.trim() === '' || (reading.ok && reading.value === 0)) onChange(null);
    else if (reading.ok) onChange({ tipo: nextKind, valor: reading.value });
  };
  const Field = kind === 'percentual' ? PercentField : MoneyField;
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="mb-1 text-sm font-medium text-ink">{legend}</legend>
      <div role="radiogroup" aria-label={copy.discountKind} className="flex">
        {DISCOUNT_KINDS.map((option, index) => (
          <label
            key={option}
            className={clsx(
              'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center border px-3 font-semibold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-400',
              index === 0 ? 'rounded-l-xl' : 'rounded-r-xl',
              kind === option ? 'border-brand-600 bg-brand-600 text-white' : 'border-ink/20 bg-white text-ink hover:bg-brand-50',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={`${legend}-tipo`}
              value={option}
              checked={kind === option}
              onChange={() => {
                setKind(option);
                send(option, text);
              }}
            />
            {copy.discountKinds[option]}
          </label>
        ))}
      </div>
      <Field
        label={`${legend}: ${copy.discountAmount}`}
        labelHidden
        className="w-36"
        value={text}
        onValueChange={(typed) => {
          setText(typed);
          send(kind, typed);
        }}
      />
    </fieldset>
  );
}
