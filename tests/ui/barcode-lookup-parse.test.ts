// Reading the public product database's answer (docs/product.md §7): status 1 with a name is found; brands gives the first.
import { describe, expect, it } from 'vitest';
import { barcodeLookupHosts, DEFAULT_LOOKUP_HOSTS } from '../../workers/barcode/lookup.ts';
import { parseLookupResponse } from '../../workers/barcode/parse.ts';

describe('parseLookupResponse', () => {
  it('reads product_name, the first of brands and image_url when status is 1', () => {
    expect(
      parseLookupResponse({
        status: 1,
        product: { product_name: ' Café Pilão ', brands: 'Pilão, JDE', image_url: 'https://images.example/cafe.jpg' },
      }),
    ).toEqual({ status: 'found', product: { name: 'Café Pilão', brand: 'Pilão', imageUrl: 'https://images.example/cafe.jpg' } });
  });
  it('leaves brand and image null when absent or not a web address', () => {
    expect(parseLookupResponse({ status: 1, product: { product_name: 'Arroz', brands: '', image_url: 'javascript:x' } })).toEqual(
      {
        status: 'found',
        product: { name: 'Arroz', brand: null, imageUrl: null },
      },
    );
  });
  it('is not found for status 0, a product without a name, or a body that is not the expected shape', () => {
    expect(parseLookupResponse({ status: 0, status_verbose: 'product not found' })).toEqual({ status: 'not_found' });
    expect(parseLookupResponse({ status: 1, product: { product_name: '  ' } })).toEqual({ status: 'not_found' });
    expect(parseLookupResponse({ status: 1 })).toEqual({ status: 'not_found' });
    expect(parseLookupResponse(null)).toEqual({ status: 'not_found' });
    expect(parseLookupResponse('x')).toEqual({ status: 'not_found' });
  });
});

describe('barcodeLookupHosts', () => {
  it('uses Brazil then world by default and the configured list otherwise', () => {
    expect(barcodeLookupHosts(undefined)).toEqual(DEFAULT_LOOKUP_HOSTS);
    expect(DEFAULT_LOOKUP_HOSTS).toEqual(['https://br.openfoodfacts.org', 'https://world.openfoodfacts.org']);
    expect(barcodeLookupHosts(' http://127.0.0.1:1/br , http://127.0.0.1:1/world ')).toEqual([
      'http://127.0.0.1:1/br',
      'http://127.0.0.1:1/world',
    ]);
  });
});
