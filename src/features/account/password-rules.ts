// The password rule of registration and reset (doc 2 §5), as a live checklist and as one Valibot schema.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';

export type PasswordRuleId = keyof typeof t.auth.register.rules;

export const PASSWORD_RULES: readonly { readonly id: PasswordRuleId; readonly test: (password: string) => boolean }[] = [
  { id: 'length', test: (password) => password.length >= 8 },
  { id: 'upper', test: (password) => /[A-Z]/.test(password) },
  { id: 'lower', test: (password) => /[a-z]/.test(password) },
  { id: 'digit', test: (password) => /\d/.test(password) },
  { id: 'symbol', test: (password) => /[@$!%*?&]/.test(password) },
  { id: 'allowed', test: (password) => /^[A-Za-z\d@$!%*?&]+$/.test(password) },
];

export function passwordChecklist(password: string): readonly { readonly id: PasswordRuleId; readonly met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, met: rule.test(password) }));
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** A new password: all rules at once, with the spec's one message. */
export const newPasswordSchema = v.pipe(v.string(), v.check(isStrongPassword, t.auth.register.weakPassword));
