// Typing the six-digit code of a sign-up or recovery email: the check the worker also runs, the two commands and
// how a refused code reads.
import { t } from '../../i18n/pt-BR.ts';
import { fieldMessages } from '../../i18n/errors.ts';
import type { DataClient } from '../../lib/data-client.ts';
import { checkInput } from '../../../workers/contract/input.ts';
import { emailCodeSchema, type EmailCodeInput } from '../../../workers/account/schema.ts';
import { accountFailure } from './failures.ts';

export type { EmailCodeInput };

export type EmailCodeCheck =
  | { readonly ok: true; readonly value: EmailCodeInput }
  | { readonly ok: false; readonly errors: { readonly email?: string; readonly code?: string } };

/** The form's check before anything is sent: the address, and six digits. */
export function checkEmailCode(form: EmailCodeInput): EmailCodeCheck {
  const checked = checkInput(emailCodeSchema, form);
  if (checked.ok) return { ok: true, value: checked.value };
  const messages = fieldMessages('emailCode', checked.issues);
  return { ok: false, errors: { email: messages.email, code: messages.code } };
}

/** The code of the sign-up email: confirms the address and signs the owner in. */
export async function confirmSignupCode(data: DataClient, input: EmailCodeInput): Promise<void> {
  await data.account.confirmSignupCode(input);
}

/** The code of the recovery email: opens the session in which /reset-password sets the new password. */
export async function acceptRecoveryCode(data: DataClient, input: EmailCodeInput): Promise<void> {
  await data.account.acceptRecoveryCode(input);
}

/** What the screen says when the server refuses the code (a wrong and an expired code look the same to it). */
export function codeFailureMessage(error: unknown): string {
  switch (accountFailure(error).reason) {
    case 'otp_expired':
      return t.auth.code.invalid;
    case 'invalid_input':
      return t.auth.code.format;
    case 'rate_limited':
      return t.auth.rateLimited;
    case 'offline':
      return t.auth.code.offline;
    case 'account_suspended':
      return t.auth.login.suspended;
    case 'ip_blocked':
      return t.auth.login.ipBlocked;
    default:
      return t.auth.code.failed;
  }
}
