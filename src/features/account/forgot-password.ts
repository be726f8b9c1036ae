// Asking for a password-reset link: the email schema and the command.
import * as v from 'valibot';
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { emailSchema } from './email.ts';
import { accountFailure } from './failures.ts';

export const forgotPasswordSchema = v.object({ email: emailSchema });
export type ForgotPasswordValues = v.InferInput<typeof forgotPasswordSchema>;
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

export function forgotFailureMessage(error: unknown): string {
  const { reason } = accountFailure(error);
  if (reason === 'offline') return t.auth.forgot.offline;
  if (reason === 'rate_limited') return t.auth.rateLimited;
  return t.auth.forgot.failed;
}

export async function requestPasswordReset(data: DataClient, values: ForgotPasswordInput): Promise<void> {
  await data.account.requestPasswordReset(values.email);
}
