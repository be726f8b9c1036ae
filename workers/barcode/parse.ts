// Reads the public product database's answer (docs/product.md §7): status 1 means found, with product_name, brands, image_url.

export interface FoundProduct {
  readonly name: string;
  readonly brand: string | null;
  readonly imageUrl: string | null;
}

export type BarcodeLookupResult =
  | { readonly status: 'found'; readonly product: FoundProduct }
  | { readonly status: 'not_found' }
  /** Neither host answered (offline, a server error): the owner fills the form by hand. */
  | { readonly status: 'unavailable' };

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** The first brand of the comma-separated `brands`. */
const firstBrand = (value: unknown): string | null => text(text(value)?.split(',')[0]);

/** An http(s) address, or null. */
const webUrl = (value: unknown): string | null => {
  const candidate = text(value);
  return candidate && /^https?:\/\//iu.test(candidate) ? candidate : null;
};

/** 'found' only when status is 1 and the product has a name; anything else is 'not_found'. */
export function parseLookupResponse(body: unknown): BarcodeLookupResult {
  if (typeof body !== 'object' || body === null) return { status: 'not_found' };
  const record = body as Record<string, unknown>;
  if (record.status !== 1 && record.status !== '1') return { status: 'not_found' };
  const product = record.product;
  if (typeof product !== 'object' || product === null) return { status: 'not_found' };
  const fields = product as Record<string, unknown>;
  const name = text(fields.product_name) ?? text(fields.product_name_pt) ?? text(fields.generic_name);
  if (!name) return { status: 'not_found' };
  return { status: 'found', product: { name, brand: firstBrand(fields.brands), imageUrl: webUrl(fields.image_url) } };
}
