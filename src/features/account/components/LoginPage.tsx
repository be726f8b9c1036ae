// The login screen: form, mapped errors with 'Reenviar confirmação', and the arrival toasts.
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { accountFailure } from '../failures.ts';
import { loginFailure, signIn, signInSchema, type LoginFailure } from '../sign-in.ts';
import { validate } from '../../../lib/form.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import type { AccountState } from '../../../../workers/api.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button } from '../../../ui/Button.tsx';
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
  const data = useDataClient();
  const router = useRouter();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [resending, setResending] = useState(false);
  useArrivalToasts(verified, signedOutReason);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate(signInSchema, { email, password });
    if (!checked.ok) {
      setFailure({ title: copy.errorTitle, message: checked.first, canResend: false });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await signIn(data, checked.value);
      await router.invalidate();
      await navigate({ to: '/dashboard', replace: true });
    } catch (error) {
      setFailure(loginFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await data.account.resendConfirmation(email);
      showToast({ title: copy.resent, kind: 'success' });
    } catch (error) {
      const { reason } = accountFailure(error);
      showToast({ title: reason === 'rate_limited' ? t.auth.rateLimited : t.auth.verify.failed, kind: 'destructive' });
    } finally {
      setResending(false);
    }
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
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormAlert title={failure?.title} message={failure?.message ?? null}>
          {failure?.canResend ? (
            <Button variant="secondary" className="mt-3 w-full" busy={resending} onClick={() => void resend()}>
              {copy.resendConfirmation}
            </Button>
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
        <Button type="submit" busy={busy} className="w-full">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
