// The sale's short number ('#7K3QZ9'): the first 30 bits of its id in Crockford base 32, so every device that
// holds the sale prints the same number without any counter to agree on.

/** Crockford's base-32 digits: no I, L, O or U, so the number reads back without ambiguity. */
const DIGITS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 6;
const BITS = LENGTH * 5;

/** '#' and six base-32 digits from the id's first 30 bits (a v4 id's first 32 bits are random). */
export function saleNumber(id: string): string {
  const hex = id.replaceAll('-', '').slice(0, 8).padEnd(8, '0');
  const parsed = Number.parseInt(hex, 16);
  let bits = Number.isNaN(parsed) ? 0 : Math.floor(parsed / 2 ** (32 - BITS));
  let digits = '';
  for (let index = 0; index < LENGTH; index += 1) {
    digits = (DIGITS[bits % 32] ?? '0') + digits;
    bits = Math.floor(bits / 32);
  }
  return `#${digits}`;
}
