// 'Reenviar confirmação' (login) and 'Reenviar email' (verify-email): the command and how its failures read.
import { t } from '../../i18n/pt-BR.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { accountFailure } from './failures.ts';

export async function resendConfirmation(data: DataClient, email: string): Promise<void> {
  await data.account.resendConfirmation(email);
}

/** The login's toast title when the resend fails. */
export function resendFailureTitle(error: unknown): string {
  return accountFailure(error).reason === 'rate_limited' ? t.auth.rateLimited : t.auth.verify.failed;
}

/** The verify-email screen's message when the resend fails. */
export function resendFailureMessage(error: unknown): string {
  const { reason } = accountFailure(error);
  if (reason === 'offline') return t.auth.forgot.offline;
  return reason === 'rate_limited' ? t.auth.rateLimited : t.auth.verify.failed;
}
