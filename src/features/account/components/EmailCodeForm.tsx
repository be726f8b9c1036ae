// The six-digit code of a sign-up or recovery email typed on the phone: one numeric field that the keyboard can
// fill from the message, and the refusal said in Portuguese (asks for the address too when the screen lacks it).
import { useState, type SyntheticEvent } from 'react';
import { t } from '../../../i18n/pt-BR.ts';
import type { DataClient } from '../../../lib/data-client.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { checkEmailCode, codeFailureMessage, type EmailCodeInput } from '../email-code.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = t.auth.code;
const CODE_LENGTH = 6;

export interface EmailCodeFormProps {
  /** The address the code was sent to; null when the screen does not know it (then the form asks). */
  email: string | null;
  submitLabel: string;
  /** Checks the code and moves on (signs in, or opens the new-password screen). */
  verify: (data: DataClient, input: EmailCodeInput) => Promise<void>;
  /** The success toast's title, if any. */
  successTitle?: string;
}

export function EmailCodeForm({ email, submitLabel, verify, successTitle }: EmailCodeFormProps) {
  const [typedEmail, setTypedEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const command = useCommand(verify, {
    success: () => (successTitle ? { title: successTitle } : null),
    failureTitle: null,
    describeFailure: codeFailureMessage,
  });
  const busy = command.pending;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkEmailCode({ email: email ?? typedEmail, code });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) void command.run(checked.value);
    else command.reset();
  };

  return (
    <form noValidate onSubmit={submit} className="flex w-full flex-col gap-4 text-left">
      <FormAlert message={command.message} />
      {email === null ? (
        <TextField
          label={t.auth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={typedEmail}
          error={errors.email}
          onChange={(event) => {
            setTypedEmail(event.target.value);
          }}
        />
      ) : null}
      <TextField
        label={copy.label}
        hint={copy.hint}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        enterKeyHint="done"
        value={code}
        error={errors.code}
        onChange={(event) => {
          // Digits only, so a code pasted as '123 456' or '123-456' still fits the six places.
          setCode(event.target.value.replace(/\D+/g, '').slice(0, CODE_LENGTH));
        }}
      />
      <Button type="submit" busy={busy} className="w-full">
        {busy ? copy.submitting : submitLabel}
      </Button>
    </form>
  );
}
