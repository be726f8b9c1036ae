// The PIX copia-e-cola code (EMV BR Code, static, with the amount owed), built on the device from the owner's key.

/** What the payer's bank reads from the code. */
export interface PixCharge {
  /** The owner's PIX key, as stored (CPF/CNPJ digits, +55 phone, e-mail or random key). */
  readonly key: string;
  /** The merchant name (folded to ASCII, at most 25 characters in the code). */
  readonly merchantName: string;
  /** The merchant city (folded to ASCII, at most 15 characters in the code). */
  readonly merchantCity: string;
  /** The amount in reais; omitted (the payer types it) when null. */
  readonly amount: number | null;
}

export const PIX_GUI = 'br.gov.bcb.pix';
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
/** Used when a name or city folds to nothing (e.g. written only in characters outside ASCII). */
const FALLBACK_NAME = 'CADERNETA';
const FALLBACK_CITY = 'BRASIL';

/** One EMV field: two-digit id, two-digit length, value. */
export function emvField(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Text as the BR Code allows it: accents removed, only printable ASCII, single spaces, at most `max` characters. */
export function foldAscii(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    crc ^= (text.charCodeAt(index) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The amount with two decimals and a dot ('12.50'), from a value in reais. */
export function pixAmount(amount: number): string {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

/** The copia-e-cola text: every field of a static BR Code, then the CRC over it and '6304'. */
export function pixPayload(charge: PixCharge): string {
  const account = emvField('00', PIX_GUI) + emvField('01', charge.key);
  const body = [
    emvField('00', '01'),
    emvField('26', account),
    emvField('52', '0000'),
    emvField('53', '986'),
    charge.amount !== null && charge.amount > 0 ? emvField('54', pixAmount(charge.amount)) : '',
    emvField('58', 'BR'),
    emvField('59', foldAscii(charge.merchantName, MERCHANT_NAME_MAX) || FALLBACK_NAME),
    emvField('60', foldAscii(charge.merchantCity, MERCHANT_CITY_MAX) || FALLBACK_CITY),
    emvField('62', emvField('05', '***')),
    '6304',
  ].join('');
  return body + crc16(body);
}
