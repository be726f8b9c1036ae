// Registration: the form's schema (every field, password rule, matching confirmation, terms) and the command.
import * as v from 'valibot';
import { errorMessage } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { phoneDigits } from '../../lib/format.ts';
import { emailSchema } from './email.ts';
import { newPasswordSchema } from './password-rules.ts';

const copy = t.auth.register;

export const registerSchema = v.pipe(
  v.object({
    nome: v.pipe(v.string(), v.trim(), v.nonEmpty(t.auth.required)),
    email: emailSchema,
    password: v.pipe(v.string(), v.nonEmpty(t.auth.required), newPasswordSchema),
    confirmPassword: v.pipe(v.string(), v.nonEmpty(t.auth.required)),
    nomeMercado: v.pipe(v.string(), v.trim(), v.nonEmpty(t.auth.required), v.maxLength(40, copy.marketNameTooLong)),
    telefone: v.pipe(
      v.string(),
      v.transform(phoneDigits),
      v.nonEmpty(t.auth.required),
      v.regex(/^\d{10,11}$/, copy.invalidPhone),
    ),
    terms: v.pipe(v.boolean(), v.value(true, copy.termsRequired)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      copy.passwordsDiffer,
    ),
    ['confirmPassword'],
  ),
);

export type RegisterValues = v.InferInput<typeof registerSchema>;
export type RegisterField = keyof RegisterValues;
export type RegisterInput = v.InferOutput<typeof registerSchema>;

/** The catalogue's sentence for the code (an existing account, a weak password, too many tries…); offline, this form's. */
export function registerFailureMessage(error: unknown): string {
  return errorMessage(error, undefined, { offline: copy.offline });
}

export async function register(data: DataClient, values: RegisterInput): Promise<{ confirmationRequired: boolean }> {
  return data.account.signUp({
    nome: values.nome,
    email: values.email,
    password: values.password,
    nomeMercado: values.nomeMercado,
    telefone: values.telefone,
  });
}
