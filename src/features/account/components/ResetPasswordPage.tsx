// The new-password screen: accepts the recovery link once, then validates and saves the new password.
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { resetFailureMessage, resetPassword, resetPasswordSchema, type ResetPasswordValues } from '../reset-password.ts';
import { validate, type FieldErrors } from '../../../lib/form.ts';
import { useDataClient } from '../../../lib/use-data-client.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { PasswordField } from '../../../ui/form/PasswordField.tsx';
import { showToast } from '../../../ui/toast.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';

const copy = t.auth.reset;
type LinkState = 'checking' | 'ready' | 'invalid';

function useRecoveryLink(): LinkState {
  const data = useDataClient();
  const [state, setState] = useState<LinkState>('checking');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { hash, search } = window.location;
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    data.account.acceptRecoveryLink({ hash, search }).then(
      () => {
        setState('ready');
      },
      () => {
        setState('invalid');
      },
    );
  }, [data]);
  return state;
}

export function ResetPasswordPage() {
  const data = useDataClient();
  const navigate = useNavigate();
  const link = useRecoveryLink();
  const [values, setValues] = useState<ResetPasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetPasswordValues>>({});
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate<typeof resetPasswordSchema, keyof ResetPasswordValues>(resetPasswordSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      if (!values.password || !values.confirmPassword)
        setFailure({ title: copy.requiredTitle, message: copy.requiredDescription });
      else if (checked.errors.confirmPassword === copy.differentTitle)
        setFailure({ title: copy.differentTitle, message: copy.differentDescription });
      else setFailure(null);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await resetPassword(data, checked.value);
      showToast({ title: copy.doneTitle, description: copy.doneDescription, kind: 'success' });
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      setFailure({ title: copy.errorTitle, message: resetFailureMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
      {t.auth.backToLogin}
    </Link>
  );

  if (link !== 'ready') {
    return (
      <AuthShell title={copy.title} footer={footer}>
        {link === 'checking' ? (
          <p role="status">{copy.checking}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <FormAlert message={copy.invalidLink} />
            <Link to="/forgot-password" className={buttonClass('primary', 'w-full')}>
              {copy.requestNew}
            </Link>
          </div>
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell title={copy.title} subtitle={copy.subtitle} footer={footer}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormAlert title={failure?.title} message={failure?.message ?? null} />
        <PasswordField
          label={copy.password}
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint={<PasswordChecklist password={values.password} />}
          onChange={(event) => {
            setValues({ ...values, password: event.target.value });
          }}
        />
        <PasswordField
          label={copy.confirm}
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setValues({ ...values, confirmPassword: event.target.value });
          }}
        />
        <Button type="submit" busy={busy} className="w-full">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
