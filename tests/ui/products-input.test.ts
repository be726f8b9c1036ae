// The product form's pure rules (docs/product.md §5): how stock reads, the estimated margin and its colour, and
// the form model (blank form, edit form, create input, summary of changes).
import { describe, expect, it } from 'vitest';
import { estimatedMargin, marginTone } from '../../src/features/products/margin.ts';
import {
  blankForm,
  formFromDraft,
  formOf,
  newProductOf,
  patchOf,
  summaryOfChanges,
  type ProductFields,
} from '../../src/features/products/product-form.ts';
import { formatStock } from '../../src/features/products/quantity.ts';

describe('stock shown', () => {
  it('shows weights with up to three decimals and the unit', () => {
    expect(formatStock(2.5, 'kg')).toBe('2,5 kg');
    expect(formatStock(0.1234, 'g')).toBe('0,123 g');
    expect(formatStock(12, 'un')).toBe('12 un');
  });
});

describe('estimated margin', () => {
  it('is shown only when both prices are above 0 and sale exceeds cost', () => {
    expect(estimatedMargin(10, 6)).toBeCloseTo(40);
    expect(estimatedMargin(10, 0)).toBeNull();
    expect(estimatedMargin(0, 5)).toBeNull();
    expect(estimatedMargin(5, 5)).toBeNull();
    expect(estimatedMargin(5, 8)).toBeNull();
  });
  it('is green above 30, red below 10, orange otherwise', () => {
    expect(marginTone(30.1)).toBe('good');
    expect(marginTone(30)).toBe('fair');
    expect(marginTone(10)).toBe('fair');
    expect(marginTone(9.9)).toBe('poor');
  });
});

describe('product form model', () => {
  const product: ProductFields = {
    nome: 'Picanha',
    preco: 79.9,
    preco_compra: 55,
    estoque_minimo: 2,
    unidade: 'kg',
    categoria: 'carne_boi',
    marca: null,
    codigo_barras: null,
    local: 'Freezer',
    descricao: null,
  };

  it('creates with the defaults: unit un, minimum stock 5, the typed stock as a number', () => {
    const input = newProductOf({ ...blankForm, nome: 'Arroz', preco: '25,00', estoque: '10' });
    expect(input).toMatchObject({
      nome: 'Arroz',
      preco: 25,
      preco_compra: 0,
      estoque: 10,
      estoque_minimo: 5,
      unidade: 'un',
      categoria: null,
    });
  });

  it('reads prices and stock the Brazilian way, and shows a stored price in the same way', () => {
    const input = newProductOf({
      ...blankForm,
      nome: 'TV',
      preco: '1.234,56',
      preco_compra: '1.000',
      estoque: '2,5',
      unidade: 'kg',
    });
    expect(input).toMatchObject({ preco: 1234.56, preco_compra: 1000, estoque: 2.5 });
    expect(formOf({ ...product, preco: 1234.56 })).toMatchObject({
      preco: '1.234,56',
      preco_compra: '55,00',
      estoque_minimo: '2',
    });
  });

  it('turns a price or stock that cannot be stored into NaN, never into another number', () => {
    const input = newProductOf({ ...blankForm, nome: 'X', preco: '-10', preco_compra: 'abc', estoque: '1,5' });
    expect(input.preco).toBeNaN();
    expect(input.preco_compra).toBeNaN();
    expect(input.estoque).toBeNaN();
  });

  it('keeps a custom unit and category as typed', () => {
    const input = newProductOf({
      ...blankForm,
      nome: 'Ovos',
      unidade: 'custom',
      unidadeOutra: 'dúzia',
      categoria: 'custom',
      categoriaOutra: 'Granja',
    });
    expect(input).toMatchObject({ unidade: 'dúzia', categoria: 'Granja' });
    const form = formOf({ ...product, unidade: 'dúzia', categoria: 'Granja' });
    expect(form).toMatchObject({ unidade: 'custom', unidadeOutra: 'dúzia', categoria: 'custom', categoriaOutra: 'Granja' });
  });

  it('summarises only the changed fields of an edit, and patches only those', () => {
    const form = formOf(product);
    expect(summaryOfChanges(product, form)).toEqual([]);
    const edited = { ...form, preco: '84,90', local: '' };
    const changes = summaryOfChanges(product, edited);
    expect(changes).toEqual([
      { field: 'preco', before: 79.9, after: 84.9 },
      { field: 'local', before: 'Freezer', after: null },
    ]);
    expect(patchOf(changes, edited)).toEqual({ preco: 84.9, local: null });
  });

  it('starts a new form from a stored draft, keeping only the fields it knows', () => {
    expect(formFromDraft(null)).toEqual(blankForm);
    expect(formFromDraft({ nome: 'Café', preco: '12,00', outro: 'x' })).toEqual({ ...blankForm, nome: 'Café', preco: '12,00' });
  });
});
