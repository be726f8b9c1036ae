// A Brazilian phone number as the server keeps it: the DDD (two digits, no zero) and 8 or 9 digits, typed with or
// without the country code (+55) and the mask's punctuation. Clients and suppliers both store it this way.
import * as v from 'valibot';

/** A DDD of two digits from 1 to 9, then a landline (8 digits) or a mobile (9 digits). */
export const NATIONAL_PHONE = /^[1-9]{2}\d{8,9}$/;

/** The number without the mask's punctuation and without the country code: '+55 (81) 99999-8888' → '81999998888'. */
export function nationalPhone(text: string): string {
  const compact = text.replace(/[\s().-]/g, '');
  const withoutPlus = compact.startsWith('+55') ? compact.slice(3) : compact;
  return /^55\d{10,11}$/.test(withoutPlus) ? withoutPlus.slice(2) : withoutPlus;
}

/** A required phone: blank is `required`, anything but DDD + 8 or 9 digits is `invalid_format`. */
export const requiredPhone = v.pipe(
  v.string('required'),
  v.transform(nationalPhone),
  v.nonEmpty('required'),
  v.regex(NATIONAL_PHONE, 'invalid_format'),
);

/** An optional phone: blank becomes null; anything else must be DDD + 8 or 9 digits. */
export const optionalPhone = v.nullish(
  v.pipe(
    v.string('invalid_type'),
    v.transform(nationalPhone),
    v.transform((text) => (text === '' ? null : text)),
    v.nullable(v.pipe(v.string(), v.regex(NATIONAL_PHONE, 'invalid_format'))),
  ),
  null,
);
