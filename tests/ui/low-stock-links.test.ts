// Where low stock leads: a low-stock or out-of-stock notice opens its product, a support reply its ticket, and the
// product list's address keeps the low-stock filter (/products?estoque=baixo) and ignores anything else.
import { describe, expect, it } from 'vitest';
import { notificationTarget } from '../../src/features/notifications/target.ts';
import { readProductListSearch } from '../../src/features/products/list-filter.ts';

const productId = '6b1f3c1e-2f4a-4c7e-9d3b-1a2b3c4d5e6f';

describe('notification links', () => {
  it('a low-stock or out-of-stock notice opens its product', () => {
    expect(notificationTarget({ tipo: 'estoque_baixo', referencia_id: productId })).toEqual({ kind: 'product', productId });
    expect(notificationTarget({ tipo: 'estoque_zerado', referencia_id: productId })).toEqual({ kind: 'product', productId });
  });

  it('a support reply opens its ticket; a notice without a reference or of another kind opens nothing', () => {
    expect(notificationTarget({ tipo: 'resposta_suporte', referencia_id: 't1' })).toEqual({ kind: 'ticket', ticket: 't1' });
    expect(notificationTarget({ tipo: 'estoque_baixo', referencia_id: null })).toBeNull();
    expect(notificationTarget({ tipo: 'promocao', referencia_id: productId })).toBeNull();
  });
});

describe('product list address', () => {
  it('reads ?estoque=baixo as the low-stock filter and anything else as no filter', () => {
    expect(readProductListSearch({ estoque: 'baixo' })).toEqual({ estoque: 'baixo' });
    expect(readProductListSearch({ estoque: 'alto' })).toEqual({});
    expect(readProductListSearch({})).toEqual({});
  });
});
