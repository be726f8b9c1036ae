// The new-product form's draft (docs/product.md §4 product_draft): kept by the data worker across reloads, written as the
// owner types, cleared after a successful save. Not used when editing.
import { useCallback, useState } from 'react';
import { useDataClient } from '../../lib/use-data-client.ts';
import { useLiveQuery } from '../../lib/live-query.ts';
import { formFromDraft, type ProductForm } from './product-form.ts';

export const PRODUCT_DRAFT = 'product_draft';

export interface ProductDraft {
  /** The form to start from, once the draft has been read (undefined meanwhile). */
  initial: ProductForm | undefined;
  save: (form: ProductForm) => void;
  clear: () => Promise<void>;
}

export function useProductDraft(): ProductDraft {
  const data = useDataClient();
  const live = useLiveQuery('draft', { name: PRODUCT_DRAFT });
  const [initial, setInitial] = useState<ProductForm | undefined>(undefined);
  // Only the first answer seeds the form; later ones are the form's own writes coming back.
  if (initial === undefined && live.status !== 'loading') setInitial(formFromDraft(live.status === 'ok' ? live.data : null));
  const save = useCallback(
    (form: ProductForm) => {
      // A draft that cannot be written is not worth interrupting the owner for.
      data.drafts.put(PRODUCT_DRAFT, { ...form }).catch(() => undefined);
    },
    [data],
  );
  const clear = useCallback(() => data.drafts.clear(PRODUCT_DRAFT).catch(() => undefined), [data]);
  return { initial, save, clear };
}
