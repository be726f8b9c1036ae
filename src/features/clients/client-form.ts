// The client form's rules and writes: the worker's own schema for the fields (name and phone required, phone
// Brazilian number: DDD + 8 or 9 digits), and create or update through the worker; the success wording depends on connectivity.
import { newClientSchema } from '../../../workers/clients/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';

export interface ClientFormValues {
  readonly nome: string;
  /** As shown (masked); only its digits are saved. */
  readonly telefone: string;
  readonly observacoes: string;
}

export type ClientField = keyof ClientFormValues;

export type ClientFormCheck =
  | { readonly ok: true; readonly input: { nome: string; telefone: string; observacoes: string | null } }
  | {
      readonly ok: false;
      readonly errors: Partial<Record<ClientField, string>>;
      /** Name or phone left blank: the spec's 'Campos obrigatórios' notice. */
      readonly missingRequired: boolean;
    };

export function checkClientForm(values: ClientFormValues): ClientFormCheck {
  const checked = checkInput(newClientSchema, values);
  if (checked.ok) return { ok: true, input: checked.value };
  return {
    ok: false,
    errors: fieldMessages('clients', checked.issues),
    missingRequired: checked.issues.some(
      (issue) => issue.code === 'required' && (issue.field === 'nome' || issue.field === 'telefone'),
    ),
  };
}

/** Saves the client (new when `id` is null) and returns its id. */
export async function saveClient(
  data: DataClient,
  id: string | null,
  input: { nome: string; telefone: string; observacoes: string | null },
): Promise<string> {
  if (id === null) return data.clients.create(input);
  await data.clients.update(id, input);
  return id;
}

/** 'Cliente adicionado' / 'Cliente atualizado', or their offline variants. */
export function savedToast(isNew: boolean, online: boolean): { title: string; description?: string } {
  const copy = t.clients;
  if (online) return { title: isNew ? copy.added : copy.updated };
  return { title: isNew ? copy.savedOffline : copy.updatedOffline, description: copy.offlineSaved };
}
