// The forgot-password screen: email form, then 'Email enviado' with the emailed code (which leads to
// /reset-password), 'Tentar outro email' and a spam hint.
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import {
  forgotFailureMessage,
  forgotPasswordSchema,
  requestPasswordReset,
  type ForgotPasswordInput,
} from '../forgot-password.ts';
import { acceptRecoveryCode } from '../email-code.ts';
import { validate } from '../../../lib/form.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { AuthShell } from './AuthShell.tsx';
import { EmailCodeForm } from './EmailCodeForm.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';

const copy = t.auth.forgot;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const command = useCommand(
    async (data, values: ForgotPasswordInput) => {
      await requestPasswordReset(data, values);
      setSentTo(values.email);
    },
    { failureTitle: null, describeFailure: forgotFailureMessage },
  );
  const busy = command.pending;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate(forgotPasswordSchema, { email });
    setError(checked.ok ? undefined : checked.first);
    if (checked.ok) void command.run(checked.value);
  };

  const footer = (
    <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
      {t.auth.backToLogin}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthShell title={copy.sentTitle} footer={footer}>
        <div className="flex flex-col items-center gap-3 text-center">
          <div role="status" className="flex flex-col items-center gap-3">
            <MailCheck aria-hidden size={48} className="text-brand-600" />
            <p className="font-medium break-all">{sentTo}</p>
            <p className="text-ink/80">{copy.sentDescription}</p>
          </div>
          <p className="text-ink/80">{copy.codeInstructions}</p>
          <EmailCodeForm
            email={sentTo}
            submitLabel={copy.codeSubmit}
            verify={async (data, input) => {
              await acceptRecoveryCode(data, input);
              await navigate({ to: '/reset-password', replace: true });
            }}
          />
          <p className="text-sm text-ink/70">{copy.spamHint}</p>
          <Button
            variant="secondary"
            className="mt-2 w-full"
            onClick={() => {
              setSentTo(null);
              setEmail('');
            }}
          >
            {copy.tryAnother}
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={copy.title} subtitle={copy.subtitle} footer={footer}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert message={command.message} />
        <TextField
          label={t.auth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
