// Setting a new password from the recovery link: both fields required, equal, and strong.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { accountFailure } from './failures.ts';
import { newPasswordSchema } from './password-rules.ts';

const copy = t.auth.reset;

export const resetPasswordSchema = v.pipe(
  v.object({
    password: v.pipe(v.string(), v.nonEmpty(copy.requiredTitle), newPasswordSchema),
    confirmPassword: v.pipe(v.string(), v.nonEmpty(copy.requiredTitle)),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (input) => input.password === input.confirmPassword, copy.differentTitle),
    ['confirmPassword'],
  ),
);

export type ResetPasswordValues = v.InferInput<typeof resetPasswordSchema>;
export type ResetPasswordInput = v.InferOutput<typeof resetPasswordSchema>;

export function resetFailureMessage(error: unknown): string {
  const { reason } = accountFailure(error);
  if (reason === 'same_password') return copy.samePassword;
  if (reason === 'weak_password') return t.auth.register.weakPassword;
  if (reason === 'otp_expired' || reason === 'not_signed_in') return copy.invalidLink;
  if (reason === 'offline') return t.auth.forgot.offline;
  return copy.failed;
}

export async function resetPassword(data: DataClient, values: ResetPasswordInput): Promise<void> {
  await data.account.completePasswordReset(values.password);
}
