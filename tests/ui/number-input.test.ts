// Money and quantities typed the Brazilian way ('1.234,56'): what each text reads as, what is refused and why
// (with the field's message), and what a field shows once left.
import { describe, expect, it } from 'vitest';
import {
  MONEY_INPUT_MAX,
  moneyProblem,
  moneyText,
  QUANTITY_INPUT_MAX,
  quantityDecimals,
  quantityProblem,
  quantityText,
  readMoney,
  readQuantity,
  settledText,
  valueOf,
} from '../../src/lib/number-input.ts';

describe('money fields', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1234,56', 1234.56],
    ['1.234', 1234],
    ['12', 12],
    ['12,5', 12.5],
    [',5', 0.5],
    ['0,99', 0.99],
    ['12,', 12],
    ['12,500', 12.5],
    ['R$ 1.234,56', 1234.56],
    ['  7,00 ', 7],
    ['999.999,99', 999_999.99],
    ['', 0],
    ['-0', 0],
  ])('reads %j as %d', (typed, value) => {
    expect(readMoney(typed)).toEqual({ ok: true, value });
  });

  it.each([
    ['-10', 'negative'],
    ['-1.234,56', 'negative'],
    ['R$ -5', 'negative'],
    ['-', 'unreadable'],
    ['abc', 'unreadable'],
    ['12a', 'unreadable'],
    [',', 'unreadable'],
    ['1,2,3', 'unreadable'],
    ['12.5', 'unreadable'],
    ['1234.56', 'unreadable'],
    ['1.23.456', 'unreadable'],
    ['12,345', 'too_many_decimals'],
    ['1.000.000,00', 'too_large'],
    ['99999999999999999', 'too_large'],
  ])('refuses %j (%s)', (typed, problem) => {
    expect(readMoney(typed)).toEqual({ ok: false, problem });
  });

  it('says what is wrong in Portuguese, with the limit', () => {
    expect(moneyProblem(readMoney('-10'))).toBe('O valor não pode ser negativo.');
    expect(moneyProblem(readMoney('abc'))).toBe('Valor inválido. Digite como 1.234,56 (vírgula antes dos centavos).');
    expect(moneyProblem(readMoney('1,999'))).toBe('Use no máximo 2 casas decimais (centavos).');
    expect(moneyProblem(readMoney('99999999999999999'))).toBe('O valor máximo é R$ 999.999,99.');
    expect(moneyProblem(readMoney('1.234,56'))).toBeUndefined();
  });

  it('keeps a price times the largest quantity inside numeric(12,2)', () => {
    expect(MONEY_INPUT_MAX * QUANTITY_INPUT_MAX).toBeLessThan(9_999_999_999.99);
  });

  it('shows the value it will store once left', () => {
    expect(moneyText(1234.56)).toBe('1.234,56');
    expect(moneyText(12.5)).toBe('12,50');
    expect(moneyText(0)).toBe('0,00');
    expect(settledText('1234,5', readMoney('1234,5'), moneyText)).toBe('1.234,50');
    expect(settledText('abc', readMoney('abc'), moneyText)).toBe('abc');
    expect(settledText('', readMoney(''), moneyText)).toBe('');
  });

  it('gives NaN for a text that cannot be stored, so a command refuses it too', () => {
    expect(valueOf(readMoney('1.234,56'))).toBe(1234.56);
    expect(valueOf(readMoney('-10'))).toBeNaN();
  });
});

describe('quantity fields', () => {
  it('take three decimals for weights and volumes, whole numbers for counted units', () => {
    expect(['kg', 'g', 'l', 'ml', 'saco'].map(quantityDecimals)).toEqual([3, 3, 3, 3, 3]);
    expect(['un', 'pct', 'cx'].map(quantityDecimals)).toEqual([0, 0, 0]);
  });

  it.each([
    ['2,5', 'kg', 2.5],
    ['0,125', 'kg', 0.125],
    ['1.500', 'g', 1500],
    ['1.234,567', 'l', 1234.567],
    ['12', 'un', 12],
    ['3,0', 'un', 3],
    ['', 'un', 0],
    ['9.999,999', 'kg', 9999.999],
    ['9.999', 'un', 9999],
  ])('reads %j %s as %d', (typed, unit, value) => {
    expect(readQuantity(typed, unit)).toEqual({ ok: true, value });
  });

  it.each([
    ['-10', 'kg', 'negative'],
    ['-3', 'un', 'negative'],
    ['abc', 'un', 'unreadable'],
    ['1.5', 'kg', 'unreadable'],
    ['1,5', 'un', 'not_whole'],
    ['0,1234', 'kg', 'too_many_decimals'],
    ['999999', 'kg', 'too_large'],
    ['10.000', 'un', 'too_large'],
  ])('refuses %j %s (%s)', (typed, unit, problem) => {
    expect(readQuantity(typed, unit)).toEqual({ ok: false, problem });
  });

  it('says what is wrong in Portuguese, with the limit and the unit', () => {
    expect(quantityProblem(readQuantity('999999', 'kg'), 'kg')).toBe('A quantidade máxima é 9.999,999 kg.');
    expect(quantityProblem(readQuantity('10000', 'un'), 'un')).toBe('A quantidade máxima é 9.999 un.');
    expect(quantityProblem(readQuantity('1,5', 'un'), 'un')).toBe('Informe um número inteiro para esta unidade.');
    expect(quantityProblem(readQuantity('-1', 'kg'), 'kg')).toBe('A quantidade não pode ser negativa.');
    expect(quantityProblem(readQuantity('abc', 'un'), 'un')).toBe(
      'Quantidade inválida. Digite como 1.234,5 (vírgula antes dos decimais).',
    );
    expect(quantityProblem(readQuantity('2,5', 'kg'), 'kg')).toBeUndefined();
  });

  it('shows the value it will store once left', () => {
    expect(quantityText(1234.5)).toBe('1.234,5');
    expect(quantityText(12)).toBe('12');
    expect(quantityText(0.125)).toBe('0,125');
  });
});
