// 'Novo Cliente' from the fiado sale (spec 2 §2, §5, §8): name and phone checked by the clients' own schema, the
// offline banner, 'Cliente cadastrado com sucesso.' or 'Cliente salvo offline'; the new customer is picked.
import { useState, type SyntheticEvent } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { newClientSchema } from '../../../../workers/clients/schema.ts';
import { checkInput } from '../../../../workers/contract/input.ts';
import { DataError } from '../../../../workers/contract/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { maskPhone } from '../../../lib/format.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { customerFieldMessages } from '../customer-form.ts';
import { useDeviceOnline } from '../use-device-online.ts';

const copy = t.newSale;

export function NewCustomerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (customer: { id: string; nome: string }) => void;
}) {
  const online = useDeviceOnline();
  const [nome, setNome] = useState('');
  const [telefone, setTelefone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCommand((data, input: { nome: string; telefone: string }) => data.clients.create(input), {
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
    const checked = checkInput(newClientSchema, input);
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
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-[80] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-semibold text-brand-900">{copy.newCustomerTitle}</Dialog.Title>
            <Dialog.Close
              className="-m-2 flex h-11 w-11 items-center justify-center rounded-lg hover:bg-brand-50"
              aria-label={copy.cancel}
            >
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-ink/70">{copy.newCustomerDescription}</Dialog.Description>
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
                setTelefone(maskPhone(event.target.value));
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
