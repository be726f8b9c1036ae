// Formatting for what the owner reads: money in BRL, dates as dd/MM/yyyy, times as HH:mm, Brazilian phone numbers.
import { nationalPhone } from '../../workers/contract/phone.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** `R$ 1.234,56` (with a non-breaking space, so the symbol never wraps away from the amount). */
export function formatBRL(value: number): string {
  // -0 would print as "-R$ 0,00".
  return brl.format(Object.is(value, -0) ? 0 : value);
}

/** A quantity: up to 3 decimals for weighed goods (kg, g), none for units. */
export function formatQuantity(value: number, unidade?: string): string {
  const weighed = unidade === 'kg' || unidade === 'g';
  return weighed ? decimal.format(value) : String(Math.round(value));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * dd/MM/yyyy. A calendar date (`yyyy-MM-dd`, as sales and expenses store it) is shown as written — never
 * shifted by the time zone; a timestamp is shown in the device's time zone.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) return `${match[3] ?? ''}/${match[2] ?? ''}/${match[1] ?? ''}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** HH:mm in the device's time zone; '' for text that is not a moment. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy HH:mm in the device's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Digits of a phone number as typed, at most 11 (area code + 9-digit mobile). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 11);
}

/**
 * A phone field as the owner types or pastes it: a national number (after an optional +55) is masked; anything
 * longer or with other characters is left as typed, so the form refuses it instead of cutting digits off.
 */
export function maskTypedPhone(input: string): string {
  const national = nationalPhone(input);
  if (!/^\d{0,11}$/.test(national)) return input;
  const masked = maskPhone(national);
  return input.trim().startsWith('+') ? `+55 ${masked}`.trim() : masked;
}

/**
 * The phone mask `(AA) NNNNN-NNNN`, applied as the owner types: partial numbers are masked as far as they
 * go, and a 10-digit landline reads `(AA) NNNN-NNNN`.
 */
export function maskPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  if (digits.length <= 2) return `(${area}`;
  if (rest.length <= 4) return `(${area}) ${rest}`;
  const split = rest.length === 9 ? 5 : 4;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
