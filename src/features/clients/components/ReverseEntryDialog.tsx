// 'Estornar': a debit or payment of the statement is corrected by an opposite entry with the reason typed here; the
// original stays in the statement, marked as reversed.
import { useState, type SyntheticEvent } from 'react';
import { Undo2 } from 'lucide-react';
import type { StatementEntry } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, formatDate } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { statementLabel } from '../statement-label.ts';

const copy = t.clients;

export function ReverseEntryDialog({ entry }: { entry: StatementEntry }) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const kind = statementLabel(entry);
  const valor = formatBRL(entry.valor);
  const command = useCommand((data, reason: string) => data.clients.reverseEntry({ lancamento_id: entry.id, motivo: reason }), {
    form: 'reversal',
    success: () => ({ title: copy.reversed, description: `${kind}: ${valor}` }),
    describeFailure: () => copy.reverseFailed,
  });
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const id = await command.run(motivo);
    if (id !== undefined) {
      setOpen(false);
      setMotivo('');
    }
  };
  // The reason's message on its field; a refusal about the entry itself (balance, already reversed) above the buttons.
  const { motivo: reasonError, ...others } = command.fieldErrors;
  const entryError = Object.values(others)[0];
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setMotivo('');
          command.reset();
        }
      }}
      trigger={
        <button
          type="button"
          aria-label={copy.reverseLabel(kind, valor, formatDate(entry.data))}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <Undo2 aria-hidden size={16} />
          {copy.reverse}
        </button>
      }
      title={copy.reverseTitle}
      description={copy.reverseHelp(kind, valor)}
      closeLabel={copy.cancel}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
        <TextField
          label={copy.reverseReason}
          name="motivo"
          maxLength={500}
          autoFocus
          value={motivo}
          error={reasonError}
          onChange={(event) => {
            setMotivo(event.target.value);
            command.reset();
          }}
        />
        {entryError ? (
          <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {entryError}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogCancel>{copy.cancel}</DialogCancel>
          <Button type="submit" busy={command.pending}>
            {command.pending ? copy.reversing : copy.reverseConfirm}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
