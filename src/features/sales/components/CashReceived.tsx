// 'Dinheiro' at the counter: 'Valor recebido' typed or tapped (R$ 2 to R$ 100 and 'Valor exato') and 'Troco'
// shown large; what is still missing when less was received. The amount goes with the cart and is stored with the
// sale when it covers the total.
import { useState } from 'react';
import { counterText } from '../../../i18n/counter.pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { moneyText, readMoney } from '../../../lib/number-input.ts';
import { Button } from '../../../ui/Button.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import { useCartEdits } from '../cart-commands.ts';
import { cashChange, QUICK_NOTES } from '../cash-change.ts';

const copy = counterText;

export function CashReceived({ total, received }: { total: number; received: number | null }) {
  const { options } = useCartEdits();
  const [text, setTypedText] = useState(() => (received === null ? '' : moneyText(received)));
  const setText = (typed: string) => {
    setTypedText(typed);
    const read = readMoney(typed);
    const valor = typed.trim() !== '' && read.ok ? read.value : null;
    if (valor !== received) void options.run({ valor_recebido: valor });
  };
  const reading = readMoney(text);
  const change = cashChange(total, text.trim() !== '' && reading.ok ? reading.value : null);
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-3">
      <MoneyField label={copy.received} value={text} onValueChange={setText} />
      <div role="group" aria-label={copy.quickNotes} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {QUICK_NOTES.map((note) => (
          <Button
            key={note}
            variant="secondary"
            className="min-h-11 px-1 whitespace-nowrap"
            onClick={() => {
              setText(moneyText(note));
            }}
          >
            {copy.note(note)}
          </Button>
        ))}
        <Button
          variant="secondary"
          className="col-span-3 min-h-11 px-1 whitespace-nowrap sm:col-span-2"
          onClick={() => {
            setText(moneyText(total));
          }}
        >
          {copy.exact}
        </Button>
      </div>
      {change.kind === 'none' ? null : (
        <p
          role="status"
          className={
            change.kind === 'change'
              ? 'flex items-baseline justify-between gap-2 text-brand-900'
              : 'flex items-baseline justify-between gap-2 text-red-800'
          }
        >
          <span className="text-lg font-semibold">{change.kind === 'change' ? copy.change : copy.short}</span>
          <span data-testid="cash-change" className="text-3xl font-bold tabular-nums">
            {formatBRL(change.cents / 100)}
          </span>
        </p>
      )}
    </div>
  );
}
