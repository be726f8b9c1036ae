// 'Registrar Pagamento' and 'Adicionar Débito': an amount with comma decimals, checked as the worker checks it.
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import type { ClientSummary } from '../../../../workers/api.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { readMoney, valueOf } from '../../../lib/number-input.ts';
import { amountProblemMessages, checkAmount, type AmountKind } from '../amount.ts';

const copy = t.clients;

const WORDING: Record<AmountKind, { title: string; help: string; done: string; failed: string }> = {
  pagamento: { title: copy.registerPayment, help: copy.paymentHelp, done: copy.paymentRegistered, failed: copy.paymentFailed },
  debito: { title: copy.addDebit, help: copy.debitHelp, done: copy.debitAdded, failed: copy.debitFailed },
};

export function LedgerDialog({ kind, client, trigger }: { kind: AmountKind; client: ClientSummary; trigger: ReactNode }) {
  const wording = WORDING[kind];
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [descricao, setDescricao] = useState('');
  const [invalid, setInvalid] = useState<{ title: string; message: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const command = useCommand(
    (data, valor: number) =>
      kind === 'pagamento'
        ? data.clients.registerPayment({ cliente_id: client.id, valor, descricao })
        : data.clients.addDebit({ cliente_id: client.id, valor, descricao }),
    {
      form: 'ledger',
      success: () => ({ title: wording.done, description: copy.amountOf(formatBRL(valueOf(readMoney(amount)))) }),
      describeFailure: () => wording.failed,
    },
  );
  const reset = () => {
    setAmount('');
    setDescricao('');
    setInvalid(null);
    setSubmitted(false);
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkAmount(amount, kind, client.id, client.saldo);
    if (!checked.ok) {
      setInvalid({ title: checked.reason === 'exceeds' ? copy.exceedsBalance : copy.invalidAmount, message: checked.message });
      return;
    }
    setInvalid(null);
    const id = await command.run(checked.valor);
    if (id !== undefined) {
      setOpen(false);
      reset();
    }
  };
  // The worker refuses with the same codes (e.g. a balance that changed meanwhile on another device).
  const workerError = command.fieldErrors.valor;
  const exceeded = command.error?.issues.some((issue) => issue.code === 'exceeds_balance') === true;
  const error =
    invalid ?? (workerError ? { title: exceeded ? copy.exceedsBalance : copy.invalidAmount, message: workerError } : null);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      trigger={trigger}
      title={wording.title}
      description={`${wording.help} ${copy.currentBalance(formatBRL(client.saldo))}`}
      closeLabel={copy.cancel}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-3">
        <MoneyField
          label={copy.amount}
          name="valor"
          placeholder={copy.amountPlaceholder}
          value={amount}
          autoFocus
          revealProblem={submitted}
          problemMessages={amountProblemMessages}
          error={error ? `${error.title}: ${error.message}` : undefined}
          onValueChange={(typed) => {
            setAmount(typed);
            setInvalid(null);
            command.reset();
          }}
        />
        <TextField
          label={copy.description}
          name="descricao"
          maxLength={500}
          value={descricao}
          onChange={(event) => {
            setDescricao(event.target.value);
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
