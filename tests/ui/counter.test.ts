// The counter's rules: change in cents from the amount received, the PIX code of a sale's total (its CRC checked
// by a table-driven CRC-16/CCITT-FALSE written here, apart from the app's bitwise one) and the weighed products'
// search.
import { describe, expect, it } from 'vitest';
import { cashChange, QUICK_NOTES } from '../../src/features/sales/cash-change.ts';
import { counterPixOf } from '../../src/features/sales/counter-pix.ts';
import { matchingProducts } from '../../src/features/sales/weighed-search.ts';

/** CRC-16/CCITT-FALSE by a 256-entry table (the other classic construction). */
const TABLE = Array.from({ length: 256 }, (_, byte) => {
  let value = byte << 8;
  for (let bit = 0; bit < 8; bit += 1) value = value & 0x8000 ? ((value << 1) ^ 0x1021) & 0xffff : (value << 1) & 0xffff;
  return value;
});
function tableCrc(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) crc = ((crc << 8) & 0xffff) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('cashChange', () => {
  it('is the amount received minus the total, in cents, with no floating-point drift', () => {
    expect(cashChange(37.9, 50)).toEqual({ kind: 'change', cents: 1210 });
    expect(cashChange(0.1 + 0.2, 0.3)).toEqual({ kind: 'change', cents: 0 });
    expect(cashChange(19.99, 20)).toEqual({ kind: 'change', cents: 1 });
  });

  it('says what is missing when less was received, and nothing before anything is typed', () => {
    expect(cashChange(21.7, 20)).toEqual({ kind: 'short', cents: 170 });
    expect(cashChange(21.7, null)).toEqual({ kind: 'none' });
  });

  it('offers the R$ 2 to R$ 100 notes', () => {
    expect(QUICK_NOTES).toEqual([2, 5, 10, 20, 50, 100]);
  });
});

describe('counterPixOf', () => {
  const profile = { chave_pix: 'loja@exemplo.com.br', nome_mercado: 'Mercadinho Açaí', cidade: 'Belém' };

  it("carries the sale's total in field 54 and a CRC the table-driven CRC agrees with", () => {
    const pix = counterPixOf(profile, 37.9);
    if (pix.kind !== 'code') throw new Error('expected a code');
    expect(pix.code).toContain('5405' + '37.90');
    expect(pix.code).toContain('0119loja@exemplo.com.br');
    expect(pix.code).toContain('5915Mercadinho Acai');
    expect(pix.code).toContain('6005Belem');
    expect(pix.code.slice(-8, -4)).toBe('6304');
    expect(pix.code.slice(-4)).toBe(tableCrc(pix.code.slice(0, -4)));
  });

  it("agrees with the Central Bank's published example by the table-driven CRC too", () => {
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(tableCrc(example)).toBe('1D3D');
  });

  it('is nothing without a PIX key', () => {
    expect(counterPixOf({ ...profile, chave_pix: null }, 10)).toEqual({ kind: 'no_key' });
    expect(counterPixOf(null, 10)).toEqual({ kind: 'no_key' });
  });
});

describe('matchingProducts', () => {
  const products = [
    { nome: 'Queijo Coalho', marca: 'Sertão' },
    { nome: 'Feijão', marca: null },
    { nome: 'Carne moída', marca: 'Friboi' },
  ];
  it('finds by name or brand, accents and case ignored, every word typed', () => {
    expect(matchingProducts(products, 'feijao').map((product) => product.nome)).toEqual(['Feijão']);
    expect(matchingProducts(products, 'SERTAO queijo').map((product) => product.nome)).toEqual(['Queijo Coalho']);
    expect(matchingProducts(products, '  ')).toHaveLength(3);
    expect(matchingProducts(products, 'arroz')).toHaveLength(0);
  });
});
