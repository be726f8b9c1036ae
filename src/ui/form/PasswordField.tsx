// A password input with a show/hide toggle that says what it does.
import { useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { t } from '../../i18n/pt-BR.ts';
import { TextField, type TextFieldProps } from './TextField.tsx';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="flex h-11 w-11 items-center justify-center rounded-lg text-ink/70 hover:bg-brand-50"
          aria-label={visible ? t.auth.hidePassword : t.auth.showPassword}
          aria-pressed={visible}
          onClick={() => {
            setVisible((value) => !value);
          }}
        >
          {visible ? <EyeOff aria-hidden size={20} /> : <Eye aria-hidden size={20} />}
        </button>
      }
    />
  );
}
