// Where a product's picture comes from: the copy kept on the device while it waits for upload, otherwise the
// remote URL saved in imagem_url (spec 1 §3 "Product image (local only)").
import { useLiveQuery } from '../../lib/live-query.ts';

// One object URL per blob the worker handed over; a blob no longer referenced lets its entry go.
const urls = new WeakMap<Blob, string>();

function objectUrlOf(blob: Blob): string {
  let url = urls.get(blob);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(blob, url);
  }
  return url;
}

/** The picture to show for `key` (a product id, or 'novo' for the new-product form), or null for none. */
export function useProductImage(key: string, remoteUrl: string | null | undefined): string | null {
  const local = useLiveQuery('localImages', undefined).data?.[key];
  if (local) return objectUrlOf(local);
  return remoteUrl ?? null;
}
