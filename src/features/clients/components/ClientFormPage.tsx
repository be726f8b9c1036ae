// New client (Novo Cliente) and edit (Editar Cliente): nome, telefone masked as typed, observações, 'Cliente fiado'
// and the balance: a new fiado client's opening balance (written as a debit), or the current balance when editing,
// read-only (the ledger's dialogs change it).
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ClientSummary } from '../../../../workers/api.ts';
import { issueMessage } from '../../../i18n/errors.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { formatBRL, maskPhone, maskTypedPhone } from '../../../lib/format.ts';
import { useLiveQuery } from '../../../lib/live-query.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { DataStates } from '../../../ui/DataStates.tsx';
import { MoneyField } from '../../../ui/form/NumberFields.tsx';
import { inputClass, TextField } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import {
  checkClientForm,
  savedToast,
  saveClient,
  type ClientField,
  type ClientFormInput,
  type ClientFormValues,
} from '../client-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { CLIENT_SKELETON, ClientNotFound, clientLoadFailure } from './ClientStates.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';

const copy = t.clients;

function ClientForm({ client }: { client: ClientSummary | null }) {
  const navigate = useNavigate();
  const online = useOnline();
  const isNew = client === null;
  const [values, setValues] = useState<ClientFormValues>({
    nome: client?.nome ?? '',
    telefone: maskPhone(client?.telefone ?? ''),
    observacoes: client?.observacoes ?? '',
    is_fiado: client?.is_fiado ?? false,
    saldo: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ClientField, string>>>({});
  const command = useCommand((data, input: ClientFormInput) => saveClient(data, client?.id ?? null, input), {
    form: 'clients',
    success: () => savedToast(isNew, online),
    describeFailure: () => copy.saveFailed,
  });
  const fieldError = (field: ClientField) => errors[field] ?? command.fieldErrors[field];
  const change = <Field extends ClientField>(field: Field, value: ClientFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    command.reset();
  };
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkClientForm(values, isNew);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.missingRequired)
        showToast({
          title: copy.requiredTitle,
          description: issueMessage('clients', { field: 'nome', code: 'required' }),
          kind: 'destructive',
        });
      return;
    }
    setErrors({});
    const id = await command.run(checked.input);
    if (id !== undefined) await navigate({ to: '/clients/$id', params: { id } });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink/5"
    >
      <TextField
        label={copy.name}
        name="nome"
        autoComplete="name"
        maxLength={200}
        value={values.nome}
        error={fieldError('nome')}
        onChange={(event) => {
          change('nome', event.target.value);
        }}
      />
      <TextField
        label={copy.phone}
        name="telefone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={copy.phonePlaceholder}
        value={values.telefone}
        error={fieldError('telefone')}
        onChange={(event) => {
          change('telefone', maskTypedPhone(event.target.value));
        }}
      />
      <div>
        <label htmlFor="observacoes" className="mb-1 block text-sm font-medium text-ink">
          {copy.notes}
        </label>
        <textarea
          id="observacoes"
          name="observacoes"
          rows={3}
          maxLength={2000}
          value={values.observacoes}
          aria-invalid={fieldError('observacoes') ? true : undefined}
          aria-describedby="observacoes-erro"
          onChange={(event) => {
            change('observacoes', event.target.value);
          }}
          className="block w-full rounded-xl border border-ink/20 bg-white px-4 py-3 text-base text-ink focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-400"
        />
        <p id="observacoes-erro" className="mt-1 text-sm font-medium text-red-700" aria-live="polite">
          {fieldError('observacoes') ?? ''}
        </p>
      </div>
      <label className="flex min-h-12 items-center gap-3 py-1">
        <input
          type="checkbox"
          name="is_fiado"
          className="h-6 w-6 shrink-0 accent-brand-600"
          checked={values.is_fiado}
          onChange={(event) => {
            change('is_fiado', event.target.checked);
          }}
        />
        <span className="font-medium text-ink">{copy.isFiado}</span>
      </label>
      {isNew ? (
        values.is_fiado ? (
          <MoneyField
            label={copy.balance}
            name="saldo"
            value={values.saldo}
            revealProblem={submitted}
            error={fieldError('saldo')}
            hint={copy.openingBalanceHint}
            onValueChange={(text) => {
              change('saldo', text);
            }}
          />
        ) : null
      ) : (
        <div>
          <label htmlFor="saldo" className="mb-1 block text-sm font-medium text-ink">
            {copy.balance}
          </label>
          <input
            id="saldo"
            name="saldo"
            readOnly
            value={formatBRL(client.saldo)}
            aria-describedby="saldo-dica"
            className={`${inputClass} border-ink/10 bg-ink/5 font-semibold tabular-nums text-ink/80`}
          />
          <p id="saldo-dica" className="mt-1 text-sm text-ink/70">
            {copy.balanceReadOnlyHint}
          </p>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to={isNew ? '/clients' : '/clients/$id'}
          params={isNew ? undefined : { id: client.id }}
          className={buttonClass('secondary', 'sm:min-w-32')}
        >
          {copy.cancel}
        </Link>
        <Button type="submit" busy={command.pending} className="sm:min-w-32">
          {command.pending ? copy.saving : copy.save}
        </Button>
      </div>
    </form>
  );
}

function Frame({ title, backTo, children }: { title: string; backTo: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6">
      {backTo}
      <PageHeader title={title} />
      {children}
    </section>
  );
}

export function NewClientPage() {
  return (
    <Frame
      title={t.pages.clientNew}
      backTo={
        <Link to="/clients" className="inline-flex min-h-11 items-center gap-1 self-start font-medium text-brand-700">
          <ArrowLeft aria-hidden size={18} />
          {copy.back}
        </Link>
      }
    >
      <ClientForm client={null} />
    </Frame>
  );
}

export function EditClientPage({ clientId }: { clientId: string }) {
  const loaded = useLiveQuery('client', { clientId });
  return (
    <Frame
      title={t.pages.clientEdit}
      backTo={
        <Link
          to="/clients/$id"
          params={{ id: clientId }}
          className="inline-flex min-h-11 items-center gap-1 self-start font-medium text-brand-700"
        >
          <ArrowLeft aria-hidden size={18} />
          {copy.back}
        </Link>
      }
    >
      <DataStates state={loaded} skeleton={CLIENT_SKELETON} failure={clientLoadFailure(copy.editLoadError)}>
        {(client) =>
          client === null ? (
            <ClientNotFound />
          ) : (
            // Keyed by id: the form takes the stored values once, then the owner's typing.
            <ClientForm key={client.id} client={client} />
          )
        }
      </DataStates>
    </Frame>
  );
}
