// A titled page whose screen arrives later: sets the document title and says so, accessibly.
import { t } from '../i18n/pt-BR.ts';
import { usePageTitle } from './page-title.ts';

export function PagePlaceholder({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-semibold text-brand-900">
        {title}
      </h1>
      <p className="mt-2 text-ink/70">{t.app.comingSoon}</p>
    </section>
  );
}
