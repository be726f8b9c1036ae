// What the suppliers screen reads: the owner's suppliers by name, filtered by a search on name (case- and
// accent-insensitive) or phone digits; from the device's database, so it answers offline exactly as online.
import { map, type Observable } from 'rxjs';
import type { FornecedoresDoc } from '../../schemas/index.ts';
import type { Workspace, WorkspaceHolder } from '../db/workspace.ts';
import { liveInWorkspace } from '../db/workspace-live.ts';
import { normalize } from '../products/search-index.ts';

export interface SupplierView {
  readonly id: string;
  readonly nome: string;
  readonly cnpj_cpf: string | null;
  /** Digits only, as stored. */
  readonly telefone: string | null;
  readonly email: string | null;
  readonly endereco: string | null;
  readonly observacoes: string | null;
  readonly created_at: string;
}

export interface SupplierList {
  readonly items: readonly SupplierView[];
  /** Every supplier of the owner, whatever the search (tells 'none yet' from 'none found'). */
  readonly total: number;
}

export interface SupplierListParams {
  readonly search?: string;
}

export function viewOf(doc: FornecedoresDoc): SupplierView {
  return {
    id: doc.id,
    nome: doc.nome,
    cnpj_cpf: doc.cnpj_cpf ?? null,
    telefone: doc.telefone ?? null,
    email: doc.email ?? null,
    endereco: doc.endereco ?? null,
    observacoes: doc.observacoes ?? null,
    created_at: doc.created_at,
  };
}

/** Whether a supplier matches the search: its name contains the text, or its phone contains the text's digits. */
export function matchesSupplier(supplier: Pick<SupplierView, 'nome' | 'telefone'>, search: string): boolean {
  const text = search.trim();
  if (text === '') return true;
  if (normalize(supplier.nome).includes(normalize(text))) return true;
  const typed = text.replace(/\D/g, '');
  // A number typed with Brazil's country code (+55) is looked up without it, as phones are stored.
  const digits = typed.length > 11 && typed.startsWith('55') ? typed.slice(2) : typed;
  // Only a search that is a phone number (digits and the mask's punctuation) is looked up in the phone.
  return digits !== '' && /^[\d\s().+-]+$/.test(text) && (supplier.telefone ?? '').includes(digits);
}

/** The suppliers matching `search`, by name (pt-BR collation, then id for a stable order). */
export function listSuppliers(docs: readonly FornecedoresDoc[], params: SupplierListParams): SupplierList {
  const items = docs
    .map(viewOf)
    .filter((supplier) => matchesSupplier(supplier, params.search ?? ''))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || (a.id < b.id ? -1 : 1));
  return { items, total: docs.length };
}

function suppliers$(workspace: Workspace, params: SupplierListParams): Observable<SupplierList> {
  return workspace.database.fornecedores.find().$.pipe(
    map((docs) =>
      listSuppliers(
        docs.map((doc) => doc.toJSON() as FornecedoresDoc),
        params,
      ),
    ),
  );
}

/** The live queries of the suppliers screen (names unique across the API). */
export function supplierQueries(holder: WorkspaceHolder) {
  return {
    suppliers: (params: SupplierListParams): Observable<SupplierList> =>
      liveInWorkspace(holder, { value: { items: [], total: 0 } }, (workspace) => suppliers$(workspace, params)),
  };
}
