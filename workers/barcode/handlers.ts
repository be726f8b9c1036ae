// The barcode domain: a code's product in the public product database (docs/product.md §7), asked by the worker (the UI
// never reaches the network) and kept on the device so it resolves offline next time.
import { parseInput } from '../contract/input.ts';
import { createMemoryStore } from '../account/kv-store.ts';
import { createBarcodeLookup, type BarcodeLookupOptions } from './lookup.ts';
import type { BarcodeLookupResult } from './parse.ts';
import { barcodeCodeSchema } from './schema.ts';

export type { BarcodeLookupResult, FoundProduct } from './parse.ts';
export type BarcodeDomainOptions = Partial<BarcodeLookupOptions>;

export function createBarcodeDomain(options: BarcodeDomainOptions = {}) {
  const lookup = createBarcodeLookup({ ...options, cache: options.cache ?? createMemoryStore() });
  return {
    handlers: {
      /** The product the public database knows for this code: found, not_found, or unavailable (no answer). */
      lookup: (code: string): Promise<BarcodeLookupResult> => lookup(parseInput(barcodeCodeSchema, code)),
    },
  };
}
