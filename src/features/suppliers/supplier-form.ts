// The supplier form's rules and writes: the worker's own schema for the fields (nome ≥ 3, optional valid email,
// phone digits), create or update through the worker, and the spec's toasts (online or offline wording).
import { supplierSchema, type SupplierFields } from '../../../workers/suppliers/schema.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import type { SupplierView } from '../../../workers/api.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { maskPhone } from '../../lib/format.ts';

const copy = t.suppliers;

export interface SupplierFormValues {
  readonly nome: string;
  readonly cnpj_cpf: string;
  /** As shown (masked); only its digits are saved. */
  readonly telefone: string;
  readonly email: string;
  readonly endereco: string;
  readonly observacoes: string;
}

export type SupplierField = keyof SupplierFormValues;

/** The form's starting values: blank for a new supplier, the stored ones (phone masked) to edit. */
export function formValuesOf(supplier: SupplierView | null): SupplierFormValues {
  return {
    nome: supplier?.nome ?? '',
    cnpj_cpf: supplier?.cnpj_cpf ?? '',
    telefone: maskPhone(supplier?.telefone ?? ''),
    email: supplier?.email ?? '',
    endereco: supplier?.endereco ?? '',
    observacoes: supplier?.observacoes ?? '',
  };
}

export type SupplierFormCheck =
  | { readonly ok: true; readonly input: SupplierFields }
  | { readonly ok: false; readonly errors: Partial<Record<SupplierField, string>> };

export function checkSupplierForm(values: SupplierFormValues): SupplierFormCheck {
  const checked = checkInput(supplierSchema, values);
  if (checked.ok) return { ok: true, input: checked.value };
  return { ok: false, errors: fieldMessages('suppliers', checked.issues) };
}

/** Saves the supplier (new when `id` is null). */
export async function saveSupplier(data: DataClient, id: string | null, input: SupplierFields): Promise<true> {
  if (id === null) await data.suppliers.create(input);
  else await data.suppliers.update(id, input);
  return true;
}

/** 'Fornecedor salvo/atualizado com sucesso', or the offline variant saying it syncs when online. */
export function savedToast(isNew: boolean, online: boolean): { title: string; description?: string } {
  if (online) return { title: isNew ? copy.saved : copy.updated };
  return { title: isNew ? copy.savedOffline : copy.updatedOffline, description: copy.offlineHint };
}

/** The failure's title: 'Erro ao salvar fornecedor' / 'Erro ao atualizar fornecedor', offline 'Erro ao salvar offline'. */
export function saveFailureTitle(isNew: boolean, online: boolean): string {
  if (!online) return copy.offlineSaveFailed;
  return isNew ? copy.saveFailed : copy.updateFailed;
}
