// The verification screen: which address got the link, and a resend button that says how it went.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { resendConfirmation, resendFailureMessage } from '../resend-confirmation.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';

const copy = t.auth.verify;

export function VerifyEmailPage({ email }: { email: string | null }) {
  const [noEmail, setNoEmail] = useState(false);
  const command = useCommand((data, address: string) => resendConfirmation(data, address), {
    success: () => ({ title: copy.resent }),
    failureTitle: null,
    describeFailure: resendFailureMessage,
  });
  const failure = noEmail ? copy.unknownEmail : command.message;
  const busy = command.pending;

  const resend = () => {
    setNoEmail(!email);
    if (email) void command.run(email);
  };

  return (
    <AuthShell
      title={copy.title}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
          {t.auth.backToLogin}
        </Link>
      }
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden size={48} className="text-brand-600" />
        {email ? (
          <p>
            {copy.description} <strong className="break-all">{email}</strong>.
          </p>
        ) : (
          <p>{copy.descriptionNoEmail}</p>
        )}
        <p className="text-ink/80">{copy.instructions}</p>
        <p className="text-sm text-ink/70">{t.auth.forgot.spamHint}</p>
        <div className="w-full text-left">
          <FormAlert message={failure} />
        </div>
        <Button variant="secondary" className="w-full" busy={busy} onClick={resend}>
          {busy ? copy.resending : copy.resend}
        </Button>
      </div>
    </AuthShell>
  );
}
