// An admin page's failed read: the spec's sentence, the reason when there is one, and 'Tentar novamente'.
import { AlertTriangle } from 'lucide-react';
import { t } from '../../../i18n/pt-BR.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { Button } from '../../../ui/Button.tsx';

export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 shrink-0" />
        <div>
          <p className="font-semibold">{title}</p>
          <p>{errorMessage(error)}</p>
        </div>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        {t.admin.retry}
      </Button>
    </div>
  );
}
