// The login screen: form, mapped errors with 'Reenviar confirmação' (then the way to type the emailed code), and
// the arrival toasts.
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { loginFailureWording, signIn, signInSchema, type SignInValues } from '../sign-in.ts';
import { resendConfirmation, resendFailureTitle } from '../resend-confirmation.ts';
import { validate } from '../../../lib/form.ts';
import { useCommand } from '../../../lib/use-command.ts';
import type { AccountState } from '../../../../workers/api.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { PasswordField } from '../../../ui/form/PasswordField.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { showToast } from '../../../ui/toast.ts';

type SignedOutReason = Extract<AccountState, { status: 'signed_out' }>['reason'];

const copy = t.auth.login;
const REGISTRATION_TOAST_MS = 20_000;

function useArrivalToasts(verified: boolean, signedOutReason: SignedOutReason) {
  const location = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const emailConfirmation = location.state.emailConfirmation === true;
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    if (verified) {
      showToast({ title: copy.verifiedTitle, description: copy.verifiedDescription, kind: 'success' });
      void navigate({ to: '/login', search: {}, replace: true });
    }
    if (emailConfirmation) {
      showToast({
        title: copy.registeredTitle,
        description: copy.registeredDescription,
        kind: 'success',
        durationMs: REGISTRATION_TOAST_MS,
      });
    }
    if (signedOutReason === 'offline_no_session') {
      showToast({ title: t.auth.session.offlineTitle, description: t.auth.session.offlineDescription, kind: 'destructive' });
    }
    if (signedOutReason === 'session_ended') {
      showToast({ title: copy.sessionEndedTitle, description: copy.sessionEnded, kind: 'destructive', durationMs: 10_000 });
    }
  }, [verified, emailConfirmation, signedOutReason, navigate]);
}

export function LoginPage({ verified, signedOutReason }: { verified: boolean; signedOutReason: SignedOutReason }) {
  const router = useRouter();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  useArrivalToasts(verified, signedOutReason);
  const login = useCommand(
    async (data, values: SignInValues) => {
      await signIn(data, values);
      await router.invalidate();
      await navigate({ to: '/dashboard', replace: true });
    },
    { failureTitle: null, describeFailure: loginFailureWording },
  );
  const [resent, setResent] = useState(false);
  const resend = useCommand(
    async (data, address: string) => {
      await resendConfirmation(data, address);
      setResent(true);
    },
    {
      success: () => ({ title: copy.resent }),
      describeFailure: (error) => ({ title: resendFailureTitle(error) }),
    },
  );
  const failure = invalid
    ? { title: copy.errorTitle, message: invalid, canResend: false }
    : login.error
      ? { title: login.title, message: login.message, canResend: login.error.code === 'email_not_confirmed' }
      : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate(signInSchema, { email, password });
    setInvalid(checked.ok ? null : checked.first);
    if (checked.ok) void login.run(checked.value);
  };

  return (
    <AuthShell
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
        <p>
          {copy.noAccount}{' '}
          <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-2">
            {copy.register}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert title={failure?.title ?? undefined} message={failure?.message ?? null}>
          {failure?.canResend ? (
            <Button variant="secondary" className="mt-3 w-full" busy={resend.pending} onClick={() => void resend.run(email)}>
              {copy.resendConfirmation}
            </Button>
          ) : null}
          {failure?.canResend && resent ? (
            <Link to="/verify-email" className={buttonClass('primary', 'mt-3 w-full text-center')}>
              {copy.enterCode}
            </Link>
          ) : null}
        </FormAlert>
        <TextField
          label={t.auth.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <PasswordField
          label={t.auth.password}
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
        />
        <div className="-mt-2 text-right">
          <Link to="/forgot-password" className="inline-block py-2 font-medium text-brand-700 underline underline-offset-2">
            {copy.forgot}
          </Link>
        </div>
        <Button type="submit" busy={login.pending} className="w-full">
          {login.pending ? copy.submitting : copy.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
