// 'Nova Despesa' / 'Editar Despesa': descrição, valor (digits typed are cents), data and categoria; checked with
// the worker's schema, saved through useCommand with the spec's toasts (offline variants). Closing resets it.
import { useState, type SyntheticEvent } from 'react';
import type { CategoryRef, ExpenseRow } from '../../../../workers/api.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import type { ExpenseFields } from '../../../../workers/expenses/schema.ts';
import { expensesText } from '../../../i18n/expenses.pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import {
  centsOfTyped,
  checkExpenseForm,
  currencyText,
  todayInput,
  type ExpenseField,
  type ExpenseFormValues,
} from '../expense-rules.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { CategorySelect } from './CategorySelect.tsx';

const copy = expensesText;

function valuesOf(expense: ExpenseRow | null): ExpenseFormValues {
  return {
    descricao: expense?.descricao ?? '',
    cents: expense ? Math.round(expense.valor * 100) : 0,
    data: expense?.data ?? todayInput(),
    categoria_id: expense?.categoria?.id ?? '',
  };
}

function ExpenseForm({
  expense,
  categories,
  onDone,
}: {
  expense: ExpenseRow | null;
  categories: readonly CategoryRef[];
  onDone: () => void;
}) {
  const online = useOnline();
  const isNew = expense === null;
  const [values, setValues] = useState<ExpenseFormValues>(() => valuesOf(expense));
  const [errors, setErrors] = useState<Partial<Record<ExpenseField, string>>>({});
  const command = useCommand(
    async (data, input: ExpenseFields) => {
      if (expense) await data.expenses.update(expense.id, input);
      else await data.expenses.create(input);
      return true;
    },
    {
      form: 'expenses',
      success: () =>
        online
          ? { title: isNew ? copy.created : copy.updated }
          : { title: isNew ? copy.createdOffline : copy.updatedOffline, description: copy.syncLater },
      describeFailure: (thrown) =>
        DataError.from(thrown).code === 'not_signed_in'
          ? { title: copy.noUserTitle, description: copy.noUser }
          : { title: copy.saveErrorTitle, description: copy.saveError },
    },
  );
  const fieldError = (field: ExpenseField) => errors[field] ?? command.fieldErrors[field];
  const change = (patch: Partial<ExpenseFormValues>, field: ExpenseField) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkExpenseForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (await command.run(checked.input)) onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-1">
      <TextField
        label={copy.descricao}
        name="descricao"
        autoFocus
        maxLength={500}
        autoComplete="off"
        value={values.descricao}
        error={fieldError('descricao')}
        onChange={(event) => {
          change({ descricao: event.target.value }, 'descricao');
        }}
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <TextField
          label={copy.valor}
          name="valor"
          inputMode="numeric"
          autoComplete="off"
          value={currencyText(values.cents)}
          error={fieldError('valor')}
          onChange={(event) => {
            const typed = centsOfTyped(event.target.value);
            // A minus or an amount above the limit leaves the amount as it was and says why.
            if (typed.ok) change({ cents: typed.cents }, 'valor');
            else setErrors((current) => ({ ...current, valor: typed.message }));
          }}
          onSelect={(event) => {
            // Digits always go on at the end (they are the cents); selecting everything to retype still works.
            const input = event.currentTarget;
            const end = input.value.length;
            const all = input.selectionStart === 0 && input.selectionEnd === end;
            if (!all && (input.selectionStart !== end || input.selectionEnd !== end)) input.setSelectionRange(end, end);
          }}
        />
        <TextField
          label={copy.data}
          name="data"
          type="date"
          value={values.data}
          error={fieldError('data')}
          onChange={(event) => {
            change({ data: event.target.value }, 'data');
          }}
        />
      </div>
      <div className="mb-4">
        <label htmlFor="despesa-categoria" className="mb-1 block text-sm font-medium text-ink">
          {copy.categoria}
        </label>
        <CategorySelect
          id="despesa-categoria"
          label={copy.categoria}
          value={values.categoria_id}
          noneLabel={copy.noCategoryOption}
          categories={categories}
          onChange={(categoria_id) => {
            change({ categoria_id }, 'categoria_id');
          }}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogCancel>{copy.cancel}</DialogCancel>
        <Button type="submit" busy={command.pending}>
          {command.pending ? copy.saving : isNew ? copy.create : copy.update}
        </Button>
      </div>
    </form>
  );
}

export function ExpenseDialog({
  open,
  expense,
  categories,
  onOpenChange,
}: {
  open: boolean;
  expense: ExpenseRow | null;
  categories: readonly CategoryRef[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={expense ? copy.editTitle : copy.newTitle}
      description={expense ? copy.editDescription : copy.newDescription}
      closeLabel={copy.close}
      size="lg"
    >
      {/* Mounted only while open: closing resets the form. */}
      {open ? (
        <ExpenseForm
          key={expense?.id ?? 'nova'}
          expense={expense}
          categories={categories}
          onDone={() => {
            onOpenChange(false);
          }}
        />
      ) : null}
    </FormDialog>
  );
}
