// The account domain's command inputs that the device can check: the market name (docs/product.md §5: at most 40
// characters, not blank once trimmed), as the server's users_nome_mercado_max_40 also requires; the PIX key and
// city of the owner's BR Code, as users_chave_pix_valida and users_cidade_valida require; the six-digit code of a
// sign-up or recovery email.
import * as v from 'valibot';
import { optionalText, requiredText } from '../contract/input.ts';

export const marketNameSchema = v.object({ nomeMercado: requiredText(40) });

export type MarketNameInput = v.InferInput<typeof marketNameSchema>;

/** The code of an emailed sign-up confirmation or password recovery: six digits (spaces typed between them are dropped). */
export const emailCodeSchema = v.object({
  email: v.pipe(v.string('required'), v.trim(), v.toLowerCase(), v.nonEmpty('required'), v.email('invalid_format')),
  code: v.pipe(
    v.string('required'),
    v.transform((text) => text.replace(/\s+/g, '')),
    v.nonEmpty('required'),
    v.regex(/^[0-9]{6}$/, 'invalid_format'),
  ),
});

export type EmailCodeInput = v.InferInput<typeof emailCodeSchema>;

/** A PIX key has at most 77 characters (it must fit the BR Code's 99-character merchant account field). */
export const PIX_KEY_MAX = 77;
/** The city kept on the profile; the BR Code carries its first 15 letters. */
export const CITY_MAX = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PIX_KEY_SHAPES = [
  /^[0-9]{11}$/, // CPF
  /^[0-9]{14}$/, // CNPJ
  /^\+55[0-9]{10,11}$/, // telefone
  /^[^@\s]+@[^@\s]+\.[^@\s]+$/, // e-mail
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, // chave aleatória (EVP)
];

/**
 * The key as PIX keeps it: e-mail and random keys in lower case, a phone as +55 and digits, a CPF or CNPJ as
 * digits (the owner may type 123.456.789-09 or 12.345.678/0001-95). Anything else is left for the check to refuse.
 */
export function normalisePixKey(text: string): string {
  const key = text.trim();
  if (key.includes('@') || UUID.test(key)) return key.toLowerCase();
  if (key.startsWith('+')) return `+${key.slice(1).replace(/[\s().-]/g, '')}`;
  if (/^[0-9.\-/\s]+$/.test(key)) return key.replace(/[.\-/\s]/g, '');
  return key;
}

/** The check digits of a CPF or CNPJ: each is 11 − (weighted sum mod 11), or 0 when that is 10 or more. */
function checkDigitsHold(digits: string, weights: readonly number[][]): boolean {
  if (/^(\d)\1*$/.test(digits)) return false;
  return weights.every((weight, index) => {
    const position = digits.length - weights.length + index;
    const sum = weight.reduce((total, factor, at) => total + factor * Number(digits[at]), 0);
    const rest = sum % 11;
    return (rest < 2 ? 0 : 11 - rest) === Number(digits[position]);
  });
}

const CPF_WEIGHTS = [
  [10, 9, 8, 7, 6, 5, 4, 3, 2],
  [11, 10, 9, 8, 7, 6, 5, 4, 3, 2],
];
const CNPJ_WEIGHTS = [
  [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
];

/**
 * Whether a normalised key has one of the shapes PIX knows. The device also checks a CPF's or CNPJ's check
 * digits: a phone typed without +55 (11 digits) would otherwise pass as a CPF, and payments would look up that CPF instead.
 */
export function isPixKey(key: string): boolean {
  if (key.length > PIX_KEY_MAX || !PIX_KEY_SHAPES.some((shape) => shape.test(key))) return false;
  if (/^[0-9]{11}$/.test(key)) return checkDigitsHold(key, CPF_WEIGHTS);
  if (/^[0-9]{14}$/.test(key)) return checkDigitsHold(key, CNPJ_WEIGHTS);
  return true;
}

/** 'Minha Conta' › PIX: a blank key clears it; a key needs the city the BR Code names. */
export const pixKeySchema = v.pipe(
  v.object({
    chavePix: v.nullish(
      v.pipe(
        v.string('invalid_type'),
        v.transform(normalisePixKey),
        v.maxLength(PIX_KEY_MAX, 'too_long'),
        v.check((key) => key === '' || isPixKey(key), 'invalid_format'),
        v.transform((key) => (key === '' ? null : key)),
      ),
      null,
    ),
    cidade: optionalText(CITY_MAX),
  }),
  v.forward(
    v.partialCheck([['chavePix'], ['cidade']], (input) => input.chavePix === null || input.cidade !== null, 'required'),
    ['cidade'],
  ),
);

export type PixKeyInput = v.InferInput<typeof pixKeySchema>;
