// The verification screen after sign-up: which address got the email, the code from it (which signs the owner
// in), and a resend button that says how it went.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { confirmSignupCode } from '../email-code.ts';
import { resendConfirmation, resendFailureMessage } from '../resend-confirmation.ts';
import { AuthShell } from './AuthShell.tsx';
import { EmailCodeForm } from './EmailCodeForm.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { showToast } from '../../../ui/toast.ts';

const copy = t.auth.verify;
const REGISTRATION_TOAST_MS = 20_000;

/** Straight after /register: 'Cadastro realizado!' for 20 s (docs/product.md §5). */
function useRegisteredToast() {
  const registered = useLocation().state.emailConfirmation === true;
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || !registered) return;
    shown.current = true;
    showToast({
      title: t.auth.login.registeredTitle,
      description: copy.registeredDescription,
      kind: 'success',
      durationMs: REGISTRATION_TOAST_MS,
    });
  }, [registered]);
}

export function VerifyEmailPage({ email }: { email: string | null }) {
  const router = useRouter();
  const navigate = useNavigate();
  const [noEmail, setNoEmail] = useState(false);
  useRegisteredToast();
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
        <EmailCodeForm
          email={email}
          submitLabel={copy.codeSubmit}
          successTitle={t.auth.login.verifiedTitle}
          verify={async (data, input) => {
            await confirmSignupCode(data, input);
            await router.invalidate();
            await navigate({ to: '/dashboard', replace: true });
          }}
        />
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
