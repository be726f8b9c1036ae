// The sale's short number: the same six characters wherever it is computed, read from the id's first 30 bits
// in Crockford base 32 (checked against a BigInt reading of the same bits), and the time of day of a sale.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { saleNumber } from '../../src/features/sales/sale-number.ts';
import { formatTime } from '../../src/lib/format.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The same number by another route: the whole id as one BigInt, shifted down to its top 30 bits. */
function numberByBigInt(id: string): string {
  const top = BigInt(`0x${id.replaceAll('-', '')}`) >> 98n;
  let digits = '';
  for (let shift = 25n; shift >= 0n; shift -= 5n) digits += CROCKFORD[Number((top >> shift) & 31n)] ?? '';
  return `#${digits}`;
}

describe('saleNumber', () => {
  it('is # and six uppercase base-32 characters taken from the start of the id', () => {
    expect(saleNumber('00000000-0000-4000-8000-000000000001')).toBe('#000000');
    expect(saleNumber('ffffffff-0000-4000-8000-000000000000')).toBe('#ZZZZZZ');
    // 0x12345678 >> 2 = 0x048D159E = 76 355 998: digits 2 8 T 5 C Y in base 32.
    expect(saleNumber('12345678-9abc-4def-8123-456789abcdef')).toBe('#28T5CY');
  });

  it('does not depend on the case the id is written in, nor on anything past its first 8 hex digits', () => {
    expect(saleNumber('ABCDEF12-0000-4000-8000-000000000000')).toBe(saleNumber('abcdef12-ffff-4fff-bfff-ffffffffffff'));
  });

  it('matches an independent BigInt reading for any id', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(saleNumber(id)).toBe(numberByBigInt(id));
        expect(saleNumber(id)).toMatch(/^#[0-9A-HJKMNP-TV-Z]{6}$/);
      }),
      { seed: 26, numRuns: 500 },
    );
  });
});

describe('formatTime', () => {
  it("is HH:mm on the device's clock", () => {
    expect(formatTime(new Date(2026, 10, 27, 9, 5).toISOString())).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 27, 23, 59))).toBe('23:59');
    expect(formatTime('2026-11-27')).not.toMatch(/NaN/);
    expect(formatTime('não é data')).toBe('');
  });
});
