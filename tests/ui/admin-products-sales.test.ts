// The admin products and sales cards' rules without a browser: the stock badge, the owner's line ('nome -
// mercado', 'Sem nome do mercado', 'Usuário não encontrado') and the products filters as the worker's query.
import { describe, expect, it } from 'vitest';
import {
  activeProductFilters,
  categoryLabel,
  NO_PRODUCT_FILTERS,
  ownerLabel,
  saleUserLabel,
  stockLevel,
  toProductsQuery,
} from '../../src/features/admin/products-sales-rules.ts';

describe('admin product card rules', () => {
  it('stock badge: zero, below the minimum, or fine', () => {
    expect(stockLevel({ estoque: 0, estoqueMinimo: 5 })).toBe('out');
    expect(stockLevel({ estoque: -1, estoqueMinimo: 0 })).toBe('out');
    expect(stockLevel({ estoque: 4.5, estoqueMinimo: 5 })).toBe('low');
    expect(stockLevel({ estoque: 5, estoqueMinimo: 5 })).toBe('ok');
    expect(stockLevel({ estoque: 0.2, estoqueMinimo: 0 })).toBe('ok');
  });

  it('owner line: name and market, or the spec’s words when missing', () => {
    expect(ownerLabel({ nome: 'Ana Souza', nomeMercado: 'Mercadinho Ana' })).toBe('Ana Souza - Mercadinho Ana');
    expect(ownerLabel({ nome: 'Bento', nomeMercado: null })).toBe('Bento - Sem nome do mercado');
    expect(ownerLabel(null)).toBe('Usuário não encontrado');
    expect(saleUserLabel('Ana', null)).toBe('Ana - Sem nome do mercado');
  });

  it('filters as the worker’s query, and how many are on', () => {
    expect(toProductsQuery(NO_PRODUCT_FILTERS, '  arroz ', 2)).toEqual({
      search: 'arroz',
      userId: null,
      categoria: null,
      page: 2,
    });
    const owner = { id: '0b8f3c1e-1111-4222-8333-444455556666', nome: 'Ana', nomeMercado: null, email: null };
    const filters = { owner, categoria: 'Grãos' };
    expect(toProductsQuery(filters, '', 1)).toEqual({ search: '', userId: owner.id, categoria: 'Grãos', page: 1 });
    expect(activeProductFilters(NO_PRODUCT_FILTERS)).toBe(0);
    expect(activeProductFilters(filters)).toBe(2);
  });
});

describe('admin product categories', () => {
  it('in the product form’s words, a custom one as typed', () => {
    expect(categoryLabel('carne_boi')).toBe('Carne de boi');
    expect(categoryLabel('peixes_frutos_mar')).toBe('Peixes e frutos do mar');
    expect(categoryLabel('Temperos')).toBe('Temperos');
  });
});
