// 'Adicionar Fornecedor' / 'Editar Fornecedor': nome, CNPJ/CPF, telefone (masked as typed), email, endereço and
// observações; checked with the worker's schema before saving, the worker's refusals shown on their fields.
import { useState, type SyntheticEvent } from 'react';
import type { SupplierView } from '../../../../workers/api.ts';
import type { SupplierFields } from '../../../../workers/suppliers/schema.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { maskTypedPhone } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { DialogCancel, FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import {
  checkSupplierForm,
  formValuesOf,
  saveFailureTitle,
  savedToast,
  saveSupplier,
  type SupplierField,
  type SupplierFormValues,
} from '../supplier-form.ts';
import { useOnline } from '../../../lib/use-online.ts';

const copy = t.suppliers;

function SupplierForm({ supplier, onDone }: { supplier: SupplierView | null; onDone: () => void }) {
  const online = useOnline();
  const isNew = supplier === null;
  const [values, setValues] = useState<SupplierFormValues>(() => formValuesOf(supplier));
  const [errors, setErrors] = useState<Partial<Record<SupplierField, string>>>({});
  const command = useCommand((data, input: SupplierFields) => saveSupplier(data, supplier?.id ?? null, input), {
    form: 'suppliers',
    success: () => savedToast(isNew, online),
    failureTitle: saveFailureTitle(isNew, online),
    messages: { not_signed_in: copy.loginRequired },
  });
  const fieldError = (field: SupplierField) => errors[field] ?? command.fieldErrors[field];
  const change = (field: SupplierField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkSupplierForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    if (await command.run(checked.input)) onDone();
  };
  const text = (field: SupplierField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      error={fieldError(field)}
      onChange={(event) => {
        change(field, field === 'telefone' ? maskTypedPhone(event.target.value) : event.target.value);
      }}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-1">
      {text('nome', copy.name, { maxLength: 200, autoComplete: 'organization', autoFocus: true })}
      <div className="grid gap-x-3 sm:grid-cols-2">
        {text('cnpj_cpf', copy.document, { maxLength: 18, inputMode: 'numeric', autoComplete: 'off' })}
        {text('telefone', copy.phone, {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          placeholder: copy.phonePlaceholder,
        })}
      </div>
      {text('email', copy.email, { type: 'email', maxLength: 254, autoComplete: 'email', placeholder: copy.emailPlaceholder })}
      {text('endereco', copy.address, { maxLength: 500, autoComplete: 'street-address' })}
      <div>
        <label htmlFor="fornecedor-observacoes" className="mb-1 block text-sm font-medium text-ink">
          {copy.notes}
        </label>
        <textarea
          id="fornecedor-observacoes"
          name="observacoes"
          rows={3}
          maxLength={2000}
          value={values.observacoes}
          aria-invalid={fieldError('observacoes') ? true : undefined}
          aria-describedby="fornecedor-observacoes-erro"
          onChange={(event) => {
            change('observacoes', event.target.value);
          }}
          className="block w-full rounded-xl border border-ink/20 bg-white px-4 py-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400"
        />
        <p id="fornecedor-observacoes-erro" className="mt-1 text-sm font-medium text-red-700" aria-live="polite">
          {fieldError('observacoes') ?? ''}
        </p>
      </div>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogCancel>{copy.cancel}</DialogCancel>
        <Button type="submit" busy={command.pending} className="sm:min-w-32">
          {command.pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

export interface SupplierDialogProps {
  readonly open: boolean;
  /** The supplier to edit, or null for a new one. */
  readonly supplier: SupplierView | null;
  readonly onOpenChange: (open: boolean) => void;
}

export function SupplierDialog({ open, supplier, onOpenChange }: SupplierDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={supplier ? copy.editTitle : copy.addTitle}
      description={copy.formHelp}
      closeLabel={copy.cancel}
    >
      {/* Keyed: each opening starts from the supplier's stored values (or blank). */}
      {open ? (
        <SupplierForm
          key={supplier?.id ?? 'novo'}
          supplier={supplier}
          onDone={() => {
            onOpenChange(false);
          }}
        />
      ) : null}
    </FormDialog>
  );
}
