// What the admin product and sale cards derive from a row (docs/product.md §2): the stock badge, the owner's line, the
// user-and-market line of a sale, a category in the owner's words, and the products page's filters as the worker's
// query.
import type { AdminProductOwner, AdminProductRow, ProductsQuery } from '../../../workers/api.ts';
import { t } from '../../i18n/admin-catalogue.ts';

const copy = t.adminProductsSales;

const CATEGORY_LABELS: Readonly<Record<string, string | undefined>> = t.products.categories;

/** A stored category as the product form names it ('carne_boi' → 'Carne de boi'); a custom one as typed. */
export function categoryLabel(categoria: string): string {
  return CATEGORY_LABELS[categoria] ?? categoria;
}

export type StockLevel = 'out' | 'low' | 'ok';

/** Zero (or less) is out of stock; under the minimum is low; otherwise fine. */
export function stockLevel(product: Pick<AdminProductRow, 'estoque' | 'estoqueMinimo'>): StockLevel {
  if (product.estoque <= 0) return 'out';
  if (product.estoque < product.estoqueMinimo) return 'low';
  return 'ok';
}

/** 'nome - nome_mercado', with 'Sem nome do mercado' when there is no market; 'Usuário não encontrado' when gone. */
export function ownerLabel(owner: Pick<AdminProductOwner, 'nome' | 'nomeMercado'> | null): string {
  if (!owner) return copy.products.ownerMissing;
  return copy.products.ownerLabel(owner.nome ?? copy.products.noName, owner.nomeMercado ?? copy.products.noMarket);
}

/** A sale's owner and market, the same way. */
export function saleUserLabel(nome: string | null, mercado: string | null): string {
  return copy.products.ownerLabel(nome ?? copy.sales.noName, mercado ?? copy.sales.noMarket);
}

export interface ProductFilterValues {
  readonly owner: AdminProductOwner | null;
  /** '' for every category. */
  readonly categoria: string;
}

export const NO_PRODUCT_FILTERS: ProductFilterValues = { owner: null, categoria: '' };

export function toProductsQuery(filters: ProductFilterValues, search: string, page: number): ProductsQuery {
  return { search: search.trim(), userId: filters.owner?.id ?? null, categoria: filters.categoria || null, page };
}

export function activeProductFilters(filters: ProductFilterValues): number {
  return (filters.owner ? 1 : 0) + (filters.categoria ? 1 : 0);
}
