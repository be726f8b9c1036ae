// The live checklist of the password rule, read out as the owner types (polite live region).
import { Check, Circle } from 'lucide-react';
import { clsx } from 'clsx';
import { t } from '../../../i18n/pt-BR.ts';
import { passwordChecklist } from '../password-rules.ts';

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const copy = t.auth.register;
  return (
    <div id={id}>
      <p className="text-sm font-medium text-ink/80">{copy.rulesTitle}</p>
      <ul className="mt-1 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2" aria-live="polite">
        {passwordChecklist(password).map((rule) => (
          <li key={rule.id} className={clsx('flex items-center gap-2', rule.met ? 'text-brand-700' : 'text-ink/60')}>
            {rule.met ? <Check aria-hidden size={16} /> : <Circle aria-hidden size={14} />}
            <span>{copy.rules[rule.id]}</span>
            <span className="sr-only">: {rule.met ? copy.ruleMet : copy.ruleUnmet}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
