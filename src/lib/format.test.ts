// The formats the owner reads every day: money, dates and phone numbers exactly as Brazilians write them.
import { describe, expect, it } from 'vitest';
import { formatBRL, formatDate, formatDateTime, formatQuantity, maskPhone, phoneDigits } from './format.ts';

const NBSP = '\u00a0';

describe('formatBRL', () => {
  it.each([
    [1234.56, `R$${NBSP}1.234,56`],
    [0, `R$${NBSP}0,00`],
    [-0, `R$${NBSP}0,00`],
    [0.1 + 0.2, `R$${NBSP}0,30`],
    [1_000_000, `R$${NBSP}1.000.000,00`],
    [-15.5, `-R$${NBSP}15,50`],
    [14.9, `R$${NBSP}14,90`],
  ])('%s → %s', (value, expected) => {
    expect(formatBRL(value)).toBe(expected);
  });
});

describe('formatQuantity', () => {
  it('shows up to three decimals for weighed goods and whole units otherwise', () => {
    expect(formatQuantity(1.2345, 'kg')).toBe('1,235');
    expect(formatQuantity(0.5, 'g')).toBe('0,5');
    expect(formatQuantity(3, 'un')).toBe('3');
  });
});

describe('formatDate', () => {
  it('shows a calendar date as written, whatever the time zone', () => {
    expect(formatDate('2024-05-01')).toBe('01/05/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
  });

  it('shows a timestamp in the device time zone', () => {
    const local = new Date(2024, 0, 9, 23, 5);
    expect(formatDate(local)).toBe('09/01/2024');
    expect(formatDateTime(local)).toBe('09/01/2024 23:05');
    expect(formatDate(local.toISOString())).toBe('09/01/2024');
  });

  it('shows nothing for an invalid date', () => {
    expect(formatDate('ontem')).toBe('');
    expect(formatDateTime('ontem')).toBe('');
  });
});

describe('phone mask', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 9876-5'],
    ['1187654321', '(11) 8765-4321'],
    ['11987654321', '(11) 98765-4321'],
    ['(11) 98765-43219999', '(11) 98765-4321'],
    ['+55 abc', '(55'],
  ])('%j → %j', (typed, expected) => {
    expect(maskPhone(typed)).toBe(expected);
  });

  it('keeps at most 11 digits', () => {
    expect(phoneDigits('(11) 98765-4321 ramal 22')).toBe('11987654321');
  });
});
