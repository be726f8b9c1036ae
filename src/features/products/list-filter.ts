// The product list's filter in its address (/products?estoque=baixo): only the products below their minimum stock,
// the way the dashboard's low-stock card opens the list. Anything else in the address is no filter.

export type StockFilter = 'baixo';

export interface ProductListSearch {
  readonly estoque?: StockFilter;
}

/** Reads the address's search: `estoque=baixo` filters to low stock; any other value is ignored. */
export function readProductListSearch(search: Record<string, unknown>): ProductListSearch {
  return search.estoque === 'baixo' ? { estoque: 'baixo' } : {};
}
