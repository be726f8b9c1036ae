// A public text page made of titled sections (terms, privacy).
import { t } from '../../../i18n/pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PublicPage } from './PublicLayout.tsx';

export function LegalSections({ title, sections }: { title: string; sections: readonly { title: string; text: string }[] }) {
  usePageTitle(title);
  return (
    <PublicPage title={title}>
      <p className="text-sm text-ink/60">{t.legal.updatedAt}</p>
      {sections.map((section) => (
        <section key={section.title}>
          <h2 className="text-lg font-semibold text-brand-900">{section.title}</h2>
          <p className="mt-1">{section.text}</p>
        </section>
      ))}
    </PublicPage>
  );
}
