// The suppliers domain's command inputs (docs/product.md §5): nome of 3 to 200 characters, the other fields optional and
// blank → null; the phone a Brazilian number (DDD + 8 or 9 digits), the email one address. Limits are public.fornecedores' CHECKs.
import * as v from 'valibot';
import { optionalText } from '../contract/input.ts';
import { optionalPhone } from '../contract/phone.ts';

/** Supplier name minimum (docs/product.md §9). */
export const SUPPLIER_NAME_MIN = 3;

/** The server's own email CHECK (fornecedores_email_valido), so the device refuses exactly what it refuses. */
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const nome = v.pipe(
  v.string('required'),
  v.trim(),
  v.nonEmpty('required'),
  v.minLength(SUPPLIER_NAME_MIN, 'too_short'),
  v.maxLength(200, 'too_long'),
);

/** Optional text that must match `shape` when given; the mask's punctuation is dropped by `clean` first. */
function optionalShaped(max: number, shape: RegExp, clean: (text: string) => string = (text) => text) {
  return v.nullish(
    v.pipe(
      v.string('invalid_type'),
      v.transform((text) => clean(text.trim())),
      v.transform((text) => (text === '' ? null : text)),
      v.nullable(v.pipe(v.string(), v.maxLength(max, 'too_long'), v.regex(shape, 'invalid_format'))),
    ),
    null,
  );
}

const supplierFields = {
  nome,
  cnpj_cpf: optionalText(18),
  telefone: optionalPhone,
  email: optionalShaped(254, EMAIL_SHAPE),
  endereco: optionalText(500),
  observacoes: optionalText(2000),
};

export const supplierSchema = v.object(supplierFields);

export type SupplierInput = v.InferInput<typeof supplierSchema>;
export type SupplierFields = v.InferOutput<typeof supplierSchema>;
