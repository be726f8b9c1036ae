// Where a product's picture comes from: the copy kept on the device while it waits for upload, otherwise the
// remote URL saved in imagem_url (docs/product.md §3 "Product image (local only)").
import { useLiveQuery } from '../../lib/live-query.ts';

// Object URLs for the latest set of device images the worker handed over; a new set (every change arrives as
// fresh copies) revokes the previous URLs, so no blob outlives its place on screen.
let shown: Readonly<Record<string, Blob>> | undefined;
const urls = new Map<string, string>();

function objectUrlOf(images: Readonly<Record<string, Blob>>, key: string): string | null {
  if (images !== shown) {
    for (const url of urls.values()) URL.revokeObjectURL(url);
    urls.clear();
    shown = images;
  }
  const blob = images[key];
  if (!blob) return null;
  let url = urls.get(key);
  if (!url) {
    url = URL.createObjectURL(blob);
    urls.set(key, url);
  }
  return url;
}

/** The picture to show for `key` (a product id, or 'novo' for the new-product form), or null for none. */
export function useProductImage(key: string, remoteUrl: string | null | undefined): string | null {
  const images = useLiveQuery('localImages', undefined).data;
  return (images && objectUrlOf(images, key)) ?? remoteUrl ?? null;
}
