// The till's amount dialogs ('Sangria', 'Suprimento', 'Fechar caixa'): an amount with comma decimals and an
// optional note, checked by the worker's schema; the closing one shows the difference as the owner types.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import { parseMoney, sanitizeMoneyInput } from '../../../lib/money-input.ts';
import type { Command } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
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
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={props.trigger}
      title={props.title}
      description={props.help}
      closeLabel={copy.cancel}
    >
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
          <DialogCancel>{copy.cancel}</DialogCancel>
          <Button type="submit" busy={command.pending}>
            {copy.confirm}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
