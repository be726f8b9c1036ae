// The product form's pure rules (spec 1 §5): money and stock typing, the estimated margin and its colour, and
// the form model (blank form, edit form, create input, summary of changes).
import { describe, expect, it } from 'vitest';
import { estimatedMargin, marginTone } from '../../src/features/products/margin.ts';
import { formatMoneyInput, moneyInputOf, parseMoney, sanitizeMoneyInput } from '../../src/lib/money-input.ts';
import {
  blankForm,
  formFromDraft,
  formOf,
  newProductOf,
  patchOf,
  summaryOfChanges,
  type ProductFields,
} from '../../src/features/products/product-form.ts';
import { formatStock, parseQuantity, quantityInputOf, sanitizeQuantityInput } from '../../src/features/products/quantity.ts';

describe('money input', () => {
  it('keeps digits and one comma while typing', () => {
    expect(sanitizeMoneyInput('R$ 12,5a')).toBe('12,5');
    expect(sanitizeMoneyInput('1,2,3')).toBe('1,23');
    expect(sanitizeMoneyInput('7.5')).toBe('7,5');
    expect(sanitizeMoneyInput('-3')).toBe('3');
  });
  it('reads the value with a dot; invalid or empty is 0', () => {
    expect(parseMoney('12,5')).toBe(12.5);
    expect(parseMoney('12,567')).toBe(12.56);
    expect(parseMoney('')).toBe(0);
    expect(parseMoney('abc')).toBe(0);
    expect(parseMoney(',5')).toBe(0.5);
  });
  it('pads or cuts to two decimals on blur', () => {
    expect(formatMoneyInput('12,5')).toBe('12,50');
    expect(formatMoneyInput('12,567')).toBe('12,56');
    expect(formatMoneyInput('')).toBe('0,00');
    expect(formatMoneyInput('8')).toBe('8,00');
    expect(moneyInputOf(39.9)).toBe('39,90');
  });
});

describe('stock input', () => {
  it('accepts digits with one dot or comma; empty is 0', () => {
    expect(sanitizeQuantityInput('2,5kg')).toBe('2,5');
    expect(sanitizeQuantityInput('1.2.3')).toBe('1.23');
    expect(parseQuantity('2,5')).toBe(2.5);
    expect(parseQuantity('0.125')).toBe(0.125);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity(',')).toBe(0);
    expect(quantityInputOf(2.5)).toBe('2,5');
  });
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
