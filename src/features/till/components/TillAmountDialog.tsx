// The till's amount dialogs ('Sangria', 'Suprimento', 'Fechar caixa'): an amount with comma decimals and an
// optional note, checked by the worker's schema; the closing one shows the difference as the owner types.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { parseMoney, sanitizeMoneyInput } from '../../../lib/money-input.ts';
import type { Command } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = t.till;

export interface TillAmountDialogProps {
  title: string;
  help: string;
  amountLabel: string;
  noteLabel: string;
  noteMax: number;
  trigger: ReactNode;
  /** Runs the command with the amount and the note; the dialog closes when it succeeds. */
  command: Command<[number, string], unknown>;
  /** The amount's field name in the command's field errors. */
  amountField: string;
  /** Shown under the amount as the owner types (the closing's difference). */
  preview?: (amount: number, typed: boolean) => ReactNode;
}

export function TillAmountDialog(props: TillAmountDialogProps) {
  const { command } = props;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const reset = () => {
    setAmount('');
    setNote('');
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const done = await command.run(parseMoney(amount), note);
    if (done !== undefined) {
      setOpen(false);
      reset();
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-brand-900">{props.title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
              aria-label={copy.cancel}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink/70">{props.help}</Dialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
            <TextField
              label={props.amountLabel}
              name="valor"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0,00"
              value={amount}
              autoFocus
              error={command.fieldErrors[props.amountField]}
              onChange={(event) => {
                setAmount(sanitizeMoneyInput(event.target.value));
                command.reset();
              }}
            />
            {props.preview?.(parseMoney(amount), amount !== '')}
            <TextField
              label={props.noteLabel}
              name="nota"
              maxLength={props.noteMax}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
              }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="secondary">{copy.cancel}</Button>
              </Dialog.Close>
              <Button type="submit" busy={command.pending}>
                {copy.confirm}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
