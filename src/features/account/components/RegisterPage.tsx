// The registration screen: every field validated by the Valibot schema, phone mask, terms, live password rules.
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import {
  register,
  registerFailureMessage,
  registerSchema,
  type RegisterField,
  type RegisterInput,
  type RegisterValues,
} from '../register.ts';
import { maskPhone } from '../../../lib/format.ts';
import { validate, type FieldErrors } from '../../../lib/form.ts';
import { useCommand } from '../../../lib/use-command.ts';
import { AuthShell } from './AuthShell.tsx';
import { Button } from '../../../ui/Button.tsx';
import { FormAlert } from '../../../ui/form/FormAlert.tsx';
import { PasswordField } from '../../../ui/form/PasswordField.tsx';
import { TextField } from '../../../ui/form/TextField.tsx';
import { PasswordChecklist } from './PasswordChecklist.tsx';

const copy = t.auth.register;
const EMPTY: RegisterValues = {
  nome: '',
  email: '',
  password: '',
  confirmPassword: '',
  nomeMercado: '',
  telefone: '',
  terms: false,
};

export function RegisterPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [submitted, setSubmitted] = useState(false);
  const command = useCommand(
    async (data, input: RegisterInput) => {
      const result = await register(data, input);
      if (result.confirmationRequired) await navigate({ to: '/verify-email', state: { emailConfirmation: true } });
      else await navigate({ to: '/dashboard' });
    },
    { failureTitle: null, describeFailure: registerFailureMessage },
  );
  const busy = command.pending;

  const change = <F extends RegisterField>(field: F, value: RegisterValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) {
      const checked = validate<typeof registerSchema, RegisterField>(registerSchema, next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = validate<typeof registerSchema, RegisterField>(registerSchema, values);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) void command.run(checked.value);
  };

  const text = (field: Exclude<RegisterField, 'terms'>) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      change(field, event.target.value);
    },
  });

  return (
    <AuthShell
      title={copy.title}
      subtitle={copy.subtitle}
      footer={
        <p>
          {copy.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-brand-700 underline underline-offset-2">
            {copy.signIn}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <FormAlert title={copy.errorTitle} message={command.message} />
        <TextField label={copy.name} autoComplete="name" {...text('nome')} />
        <TextField label={t.auth.email} type="email" inputMode="email" autoComplete="email" {...text('email')} />
        <PasswordField
          label={t.auth.password}
          autoComplete="new-password"
          {...text('password')}
          hint={<PasswordChecklist password={values.password} />}
        />
        <PasswordField label={copy.confirmPassword} autoComplete="new-password" {...text('confirmPassword')} />
        <TextField label={copy.marketName} autoComplete="organization" maxLength={40} {...text('nomeMercado')} />
        <TextField
          label={copy.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={copy.phonePlaceholder}
          onFocus={(event) => {
            event.currentTarget.placeholder = '';
          }}
          onBlur={(event) => {
            event.currentTarget.placeholder = copy.phonePlaceholder;
          }}
          value={values.telefone}
          error={errors.telefone}
          onChange={(event) => {
            change('telefone', maskPhone(event.target.value));
          }}
        />
        <div>
          <label className="flex min-h-12 items-start gap-3 py-2">
            <input
              type="checkbox"
              className="mt-0.5 h-6 w-6 shrink-0 accent-brand-600"
              checked={values.terms}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby="termos-erro"
              onChange={(event) => {
                change('terms', event.target.checked);
              }}
            />
            <span>
              {copy.termsBefore}
              <Link to="/terms" target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
                {copy.termsLink}
              </Link>
              {copy.termsMiddle}
              <Link to="/privacy" target="_blank" className="font-medium text-brand-700 underline underline-offset-2">
                {copy.privacyLink}
              </Link>
            </span>
          </label>
          <p id="termos-erro" className="text-sm font-medium text-red-700" aria-live="polite">
            {errors.terms ?? ''}
          </p>
        </div>
        <Button type="submit" busy={busy} disabled={!values.terms} className="w-full">
          {busy ? copy.submitting : copy.submit}
        </Button>
      </form>
    </AuthShell>
  );
}
