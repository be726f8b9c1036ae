// 'Entrada de estoque' (added to the stock) and 'Ajuste de estoque' (the counted quantity becomes the stock):
// a dialog recording one stock fact through the stock domain.
import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { PackageCheck, PackagePlus } from 'lucide-react';
import { checkInput } from '../../../../workers/contract/input.ts';
import { stockCountSchema, stockReceiptSchema } from '../../../../workers/stock/schema.ts';
import { fieldMessages } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { readQuantity } from '../../../lib/number-input.ts';
import { QuantityField } from '../../../ui/form/NumberFields.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = t.products;

export type StockMode = 'entrada' | 'ajuste';

export function StockDialog({ productId, unit, mode }: { productId: string; unit: string; mode: StockMode }) {
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const [submitted, setSubmitted] = useState(false);
  const entry = mode === 'entrada';
  const record = useCommand(
    (data, input: { produto_id: string; quantidade: number; observacao: string }) =>
      entry ? data.stock.receive(input) : data.stock.count(input),
    { form: 'stock', success: () => ({ title: entry ? copy.stockEntrySaved : copy.stockCountSaved }) },
  );
  const change = (next: boolean) => {
    setOpen(next);
    setQuantity('');
    setNote('');
    setInvalid(undefined);
    setSubmitted(false);
    record.reset();
  };
  const submit = async () => {
    setSubmitted(true);
    const reading = readQuantity(quantity, unit);
    if (!reading.ok) return;
    const input = {
      produto_id: productId,
      quantidade: quantity.trim() === '' ? undefined : reading.value,
      observacao: note,
    };
    const checked = checkInput(entry ? stockReceiptSchema : stockCountSchema, input);
    if (!checked.ok) {
      setInvalid(fieldMessages('stock', checked.issues).quantidade);
      return;
    }
    const id = await record.run({ ...input, quantidade: reading.value });
    if (id !== undefined) change(false);
  };
  const Icon = entry ? PackagePlus : PackageCheck;
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger className={buttonClass(entry ? 'primary' : 'secondary', 'flex-1')}>
        <Icon aria-hidden size={20} />
        {entry ? copy.stockEntry : copy.stockCount}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-brand-900">{entry ? copy.stockEntry : copy.stockCount}</Dialog.Title>
          <Dialog.Description className="mt-1 text-ink/80">
            {entry ? copy.stockEntryText : copy.stockCountText}
          </Dialog.Description>
          <form
            noValidate
            className="mt-4 flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <QuantityField
              label={`${copy.quantity} (${unit})`}
              unit={unit}
              value={quantity}
              revealProblem={submitted}
              error={invalid ?? record.fieldErrors.quantidade}
              onValueChange={(typed) => {
                setQuantity(typed);
                setInvalid(undefined);
              }}
            />
            <TextField
              label={copy.note}
              value={note}
              error={record.fieldErrors.observacao}
              onChange={(event) => {
                setNote(event.target.value);
              }}
            />
            <div className="mt-2 flex flex-col gap-2 sm:flex-row-reverse">
              <Button type="submit" busy={record.pending} className="sm:flex-1">
                {copy.confirm}
              </Button>
              <Dialog.Close className={buttonClass('secondary', 'sm:flex-1')}>{copy.cancel}</Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
