// What shows while a page's guards and data are on their way: 'Carregando...', announced politely.
import { t } from '../i18n/pt-BR.ts';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-ink/70">
      <span aria-hidden className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      {t.app.loading}
    </div>
  );
}
