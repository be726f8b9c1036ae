// The new-password screen: accepts the recovery link once, then validates and saves the new password.
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import {
  resetFailureMessage,
  resetPassword,
  resetPasswordSchema,
  type ResetPasswordInput,
  type ResetPasswordValues,
} from '../reset-password.ts';
import { validate, type FieldErrors } from '../../../lib/form.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { PasswordField } from '../../../ui/form/PasswordField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

const copy = t.auth.reset;
type LinkState = 'checking' | 'ready' | 'invalid';

/** Accepts the link once; the screen says 'invalid' for any failure, so no toast. */
function useRecoveryLink(): LinkState {
  const [state, setState] = useState<LinkState>('checking');
  const started = useRef(false);
  const { run } = useCommand((data, link: { hash: string; search: string }) => data.account.acceptRecoveryLink(link), {
    failureTitle: null,
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { hash, search } = window.location;
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void run({ hash, search }).then((accepted) => {
      setState(accepted ? 'ready' : 'invalid');
    });
  }, [run]);
  return state;
}

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const link = useRecoveryLink();
  const [values, setValues] = useState<ResetPasswordValues>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetPasswordValues>>({});
  const [invalid, setInvalid] = useState<{ title: string; message: string } | null>(null);
  const command = useCommand(
    async (data, input: ResetPasswordInput) => {
      await resetPassword(data, input);
      await navigate({ to: '/login', replace: true });
    },
    {
      success: () => ({ title: copy.doneTitle, description: copy.doneDescription }),
      failureTitle: null,
      describeFailure: (error) => ({ title: copy.errorTitle, description: resetFailureMessage(error) }),
    },
  );
  const busy = command.pending;
  const failure = invalid ?? (command.error ? { title: command.title, message: command.message } : null);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = validate<typeof resetPasswordSchema, keyof ResetPasswordValues>(resetPasswordSchema, values);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) {
      setInvalid(null);
      void command.run(checked.value);
    } else if (!values.password || !values.confirmPassword) {
      setInvalid({ title: copy.requiredTitle, message: copy.requiredDescription });
    } else if (checked.errors.confirmPassword === copy.differentTitle) {
      setInvalid({ title: copy.differentTitle, message: copy.differentDescription });
    } else {
      setInvalid(null);
      command.reset();
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
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FormAlert title={failure?.title ?? undefined} message={failure?.message ?? null} />
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
