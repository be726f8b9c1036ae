// The product list's reads: the live page for the search text (and the low-stock filter), growing by a page at a
// time, keeping the rows already shown while the next page arrives.
import { useDeferredValue, useState } from 'react';
import type { ProductPage } from '../../../workers/api.ts';
import { useLiveQuery } from '../../lib/live-query.ts';

export const PAGE_SIZE = 10;

export interface ProductListState {
  page: ProductPage | undefined;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
}

export function useProductList(text: string, lowStock = false): ProductListState {
  const deferred = useDeferredValue(text.trim());
  // The rows kept and the page count belong to one search and one filter.
  const search = `${lowStock ? 'baixo' : 'todos'}:${deferred}`;
  const [limit, setLimit] = useState({ search, limit: PAGE_SIZE });
  // A new search starts again from the first page.
  const current = limit.search === search ? limit.limit : PAGE_SIZE;
  if (limit.search !== search) setLimit({ search, limit: PAGE_SIZE });
  const live = useLiveQuery('productList', { text: deferred, limit: current, lowStock });
  const [shown, setShown] = useState<{ key: string; page: ProductPage } | undefined>(undefined);
  if (live.status === 'ok' && shown?.page !== live.data) setShown({ key: search, page: live.data });
  const page = live.status === 'ok' ? live.data : shown?.key === search ? shown.page : undefined;
  const hasMore = page !== undefined && page.items.length < page.total;
  return {
    page,
    failed: live.status === 'error',
    hasMore,
    loadMore: () => {
      if (live.status === 'ok' && hasMore) setLimit({ search, limit: current + PAGE_SIZE });
    },
  };
}
