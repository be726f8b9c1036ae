// The new sale's customer picker (docs/product.md §2, §9): names containing the search, accents and case ignored, by
// name, the first `limit` ('Carregar mais' asks for ten more).
import type { RxDocument } from 'rxdb';
import type { ClientesDoc } from '../../schemas/index.ts';
import { normalize } from '../products/search-index.ts';

/** Customers per 'Carregar mais' (docs/product.md §9). */
export const CUSTOMER_PICKER_PAGE = 10;

export interface CustomerPickerParams {
  readonly search: string;
  readonly limit: number;
}

export interface CustomerPickerItem {
  readonly id: string;
  readonly nome: string;
  readonly telefone: string | null;
}

export interface CustomerPickerPage {
  readonly items: readonly CustomerPickerItem[];
  /** Customers matching the search. */
  readonly total: number;
}

export function pickerOf(
  docs: readonly RxDocument<ClientesDoc>[] | readonly ClientesDoc[],
  params: CustomerPickerParams,
): CustomerPickerPage {
  const needle = normalize(params.search.trim());
  const matching = docs
    .map((doc) => ({ id: doc.id, nome: doc.nome, telefone: doc.telefone ?? null }))
    .filter((doc) => needle === '' || normalize(doc.nome).includes(needle))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || (a.id < b.id ? -1 : 1));
  const limit = Math.max(CUSTOMER_PICKER_PAGE, Math.trunc(params.limit) || CUSTOMER_PICKER_PAGE);
  return { items: matching.slice(0, limit), total: matching.length };
}
