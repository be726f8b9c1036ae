// 'Novo Cliente' from the fiado sale (docs/product.md §2, §5, §8): only the name is required, a phone when typed must be a
// valid one (the worker's own schema checks both), the offline banner, 'Cliente cadastrado com sucesso.' or 'Cliente salvo offline'; the new customer is picked.
import { useState, type SyntheticEvent } from 'react';
import { saleCustomerSchema } from '../../../../workers/clients/schema.ts';
import { checkInput } from '../../../../workers/contract/input.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { newSaleText } from '../../../i18n/new-sale.pt-BR.ts';
import { maskTypedPhone } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormDialog } from '../../../ui/Dialogs.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { customerFieldMessages } from '../customer-form.ts';
import { useOnline } from '../../../lib/use-online.ts';

const copy = newSaleText;

export function NewCustomerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (customer: { id: string; nome: string }) => void;
}) {
  const online = useOnline();
  const [nome, setNome] = useState('');
  const [telefone, setTelefone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCommand((data, input: { nome: string; telefone: string }) => data.clients.createForSale(input), {
    form: 'clients',
    success: () => ({ title: online ? copy.customerCreated : copy.customerSavedOffline }),
    describeFailure: (thrown) => DataError.from(thrown).details?.serverMessage ?? copy.customerFailed,
  });
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setNome('');
      setTelefone('');
      setErrors({});
      create.reset();
    }
  };
  /** A field's message goes once the field is edited again. */
  const forget = (field: string) => {
    setErrors(({ [field]: _gone, ...rest }) => rest);
    if (create.error) create.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const input = { nome: nome.trim(), telefone: telefone.trim() };
    const checked = checkInput(saleCustomerSchema, input);
    if (!checked.ok) {
      setErrors(customerFieldMessages(checked.issues));
      return;
    }
    setErrors({});
    const id = await create.run(input);
    if (id !== undefined) {
      onCreated({ id, nome: checked.value.nome });
      close(false);
    }
  };
  // The form's own check first; what the worker refused (the same schema) otherwise.
  const shown = { ...create.fieldErrors, ...errors };
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={copy.newCustomerTitle}
      description={copy.newCustomerDescription}
      closeLabel={copy.cancel}
      layer="above"
    >
      {online ? null : (
        <p role="status" className="mt-3 rounded-xl bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900">
          {copy.newCustomerOffline}
        </p>
      )}
      <form className="mt-4 flex flex-col gap-2" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={copy.customerName}
          autoComplete="off"
          value={nome}
          error={shown.nome}
          onChange={(event) => {
            setNome(event.target.value);
            forget('nome');
          }}
        />
        <TextField
          label={copy.customerPhone}
          inputMode="tel"
          autoComplete="off"
          placeholder={t.clients.phonePlaceholder}
          value={telefone}
          error={shown.telefone}
          onChange={(event) => {
            setTelefone(maskTypedPhone(event.target.value));
            forget('telefone');
          }}
        />
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="ghost"
            onClick={() => {
              close(false);
            }}
          >
            {copy.cancel}
          </Button>
          <Button type="submit" busy={create.pending}>
            {create.pending ? copy.saving : copy.saveCustomer}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}
