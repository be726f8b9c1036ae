// 'Dividir pagamento' (docs/product.md §10), shared by the cart and 'Editar Venda': the toggle, and a row per method
// with its amount ('Valor em Dinheiro') and 'Restante' (the rest of the total in that row), with 'Falta' or 'Passou'
// read live under the rows. The amounts are kept as typed; the parts (methods above zero) go to `onChange`.
import { useRef, useState, type ReactNode } from 'react';
import { Check, Split } from 'lucide-react';
import { clsx } from 'clsx';
import type { PaymentBucket } from '../../../../workers/api.ts';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { moneyText } from '../../../lib/number-input.ts';
import { Button } from '../../../ui/Button.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import {
  PART_METHODS,
  partsOfTexts,
  partValue,
  restFor,
  restOf,
  textsOfParts,
  type PartTexts,
  type PaymentPart,
} from '../payment-parts.ts';

const copy = counterText;

/** A method as the payment step names it: 'Dinheiro', 'Cartão', 'PIX', 'Outro', 'Fiado'. */
export function methodName(forma: PaymentBucket): string {
  return forma === 'fiado' ? newSaleText.saleTypes.fiado : newSaleText.paymentMethods[forma];
}

/** 'Dividir pagamento', pressed while the payment is split; pressed again, back to one method. */
export function SplitToggle({ split, disabled = false, onToggle }: { split: boolean; disabled?: boolean; onToggle: () => void }) {
  return (
    <Button
      variant="secondary"
      aria-pressed={split}
      disabled={disabled}
      className={clsx('w-full sm:w-auto sm:self-start', split && 'bg-brand-100!')}
      onClick={onToggle}
    >
      {split ? <Check aria-hidden size={18} /> : <Split aria-hidden size={18} />}
      {copy.splitPayment}
    </Button>
  );
}

export interface SplitPaymentProps {
  /** What the parts must come to. */
  total: number;
  /** The parts stored when the rows are drawn (their amounts fill the fields). */
  initial: readonly PaymentPart[] | null;
  /** The parts as typed, each method above zero once, in the rows' order; called when they change. */
  onChange: (parts: PaymentPart[]) => void;
  /** The refusal of the parts, shown under the rows. */
  error?: string;
  /** What follows the rows for the parts as typed (the client for a fiado part, the cash received). */
  children?: (parts: readonly PaymentPart[]) => ReactNode;
}

export function SplitPayment({ total, initial, onChange, error, children }: SplitPaymentProps) {
  const [texts, setTexts] = useState<PartTexts>(() => textsOfParts(initial));
  const sent = useRef(JSON.stringify(partsOfTexts(texts)));
  const parts = partsOfTexts(texts);
  const rest = restOf(total, parts);
  const type = (forma: PaymentBucket, text: string) => {
    const next = { ...texts, [forma]: text };
    setTexts(next);
    const nextParts = partsOfTexts(next);
    const key = JSON.stringify(nextParts);
    if (key === sent.current) return;
    sent.current = key;
    onChange(nextParts);
  };
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="sr-only">{copy.splitParts}</legend>
        <p aria-hidden className="text-sm font-medium text-ink">
          {copy.splitParts}
        </p>
        {PART_METHODS.map((forma) => {
          const name = methodName(forma);
          const restHere = restFor(total, parts, forma);
          return (
            <div key={forma} className="grid grid-cols-[4.75rem_minmax(0,1fr)_auto] items-start gap-2">
              <span className="flex min-h-12 items-center font-semibold text-ink">{name}</span>
              <MoneyField
                label={copy.partAmount(name)}
                labelHidden
                value={texts[forma]}
                onValueChange={(text) => {
                  type(forma, text);
                }}
              />
              <Button
                variant="secondary"
                className="px-3! text-sm"
                aria-label={copy.partRestIn(name)}
                disabled={restHere <= 0 || Math.round(restHere * 100) === Math.round(partValue(parts, forma) * 100)}
                onClick={() => {
                  type(forma, moneyText(restHere));
                }}
              >
                {copy.partRest}
              </Button>
            </div>
          );
        })}
        <p
          role="status"
          className={clsx(
            'flex items-baseline justify-between gap-2 border-t border-ink/10 pt-2',
            rest.kind === 'even' ? 'text-brand-900' : 'text-red-800',
          )}
        >
          <span className="text-lg font-semibold">{rest.kind === 'over' ? copy.partsOver : copy.partsShort}</span>
          <span data-testid="split-rest" className="text-2xl font-bold tabular-nums">
            {formatBRL(rest.cents / 100)}
          </span>
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      {children?.(parts)}
    </div>
  );
}
