// The verification screen: which address got the link, and a resend button that says how it went.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { t } from '../../../i18n/pt-BR.ts';
import { accountFailure } from '../failures.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { showToast } from '../../../ui/toast.ts';

const copy = t.auth.verify;

export function VerifyEmailPage({ email }: { email: string | null }) {
  const data = useDataClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const resend = async () => {
    if (!email) {
      setFailure(copy.unknownEmail);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await data.account.resendConfirmation(email);
      showToast({ title: copy.resent, kind: 'success' });
    } catch (error) {
      const { reason } = accountFailure(error);
      setFailure(reason === 'offline' ? t.auth.forgot.offline : reason === 'rate_limited' ? t.auth.rateLimited : copy.failed);
    } finally {
      setBusy(false);
    }
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
        <Button variant="secondary" className="w-full" busy={busy} onClick={() => void resend()}>
          {busy ? copy.resending : copy.resend}
        </Button>
      </div>
    </AuthShell>
  );
}
