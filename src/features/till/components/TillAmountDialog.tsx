// The till's amount dialogs ('Sangria', 'Suprimento', 'Fechar caixa'): an amount typed the Brazilian way and an
// optional note, checked by the worker's schema; the closing one shows the difference as the owner types.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { tillText } from '../../../i18n/till.pt-BR.ts';
import { readMoney, valueOf } from '../../../lib/number-input.ts';
import type { Command } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = tillText;

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
  const [submitted, setSubmitted] = useState(false);
  const reading = readMoney(amount);
  const reset = () => {
    setAmount('');
    setNote('');
    setSubmitted(false);
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!reading.ok) return;
    const done = await command.run(reading.value, note);
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
        <MoneyField
          label={props.amountLabel}
          name="valor"
          value={amount}
          autoFocus
          revealProblem={submitted}
          error={command.fieldErrors[props.amountField]}
          onValueChange={(typed) => {
            setAmount(typed);
            command.reset();
          }}
        />
        {reading.ok ? props.preview?.(valueOf(reading), amount !== '') : null}
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
