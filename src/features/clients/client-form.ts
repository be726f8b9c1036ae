// The client form's rules and writes: the worker's own schema for the fields (name and phone required, phone
// Brazilian number: DDD + 8 or 9 digits; a new fiado client's opening balance, typed the Brazilian way, at least
// zero), and create or update through the worker; the success wording depends on connectivity.
import { newClientSchema, type ClientChanges, type NewClient } from '../../../workers/clients/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { moneyProblem, readMoney } from '../../lib/number-input.ts';

export interface ClientFormValues {
  readonly nome: string;
  /** As shown (masked); only its digits are saved. */
  readonly telefone: string;
  readonly observacoes: string;
  /** 'Cliente fiado'. */
  readonly is_fiado: boolean;
  /** A new fiado client's opening balance as typed ('1.234,56'); blank is zero. Ignored when editing. */
  readonly saldo: string;
}

export type ClientField = keyof ClientFormValues;

/** What the form sends: a new client (with its opening balance) or the changes of an existing one. */
export type ClientFormInput = NewClient & ClientChanges;

export type ClientFormCheck =
  | { readonly ok: true; readonly input: ClientFormInput }
  | {
      readonly ok: false;
      readonly errors: Partial<Record<ClientField, string>>;
      /** Name or phone left blank: the spec's 'Campos obrigatórios' notice. */
      readonly missingRequired: boolean;
    };

/** Checks the form; `isNew` decides whether the balance is an opening balance (only for a fiado client). */
export function checkClientForm(values: ClientFormValues, isNew = true): ClientFormCheck {
  const opens = isNew && values.is_fiado;
  const opening = opens ? readMoney(values.saldo) : ({ ok: true, value: 0 } as const);
  const checked = checkInput(newClientSchema, {
    nome: values.nome,
    telefone: values.telefone,
    observacoes: values.observacoes,
    is_fiado: values.is_fiado,
    saldo_inicial: opening.ok ? opening.value : 0,
    saldo_inicial_descricao: t.clients.openingBalanceEntry,
  });
  const saldoError = moneyProblem(opening);
  if (checked.ok && saldoError === undefined) {
    const { saldo_inicial, saldo_inicial_descricao, ...fields } = checked.value;
    return { ok: true, input: opens ? { ...fields, saldo_inicial, saldo_inicial_descricao } : fields };
  }
  const issues = checked.ok ? [] : checked.issues;
  const errors: Partial<Record<ClientField, string>> = fieldMessages('clients', issues);
  if (saldoError !== undefined) errors.saldo = saldoError;
  return {
    ok: false,
    errors,
    missingRequired: issues.some((issue) => issue.code === 'required' && (issue.field === 'nome' || issue.field === 'telefone')),
  };
}

/** Saves the client (new when `id` is null) and returns its id. */
export async function saveClient(data: DataClient, id: string | null, input: ClientFormInput): Promise<string> {
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
