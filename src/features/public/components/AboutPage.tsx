// 'Sobre': what Caderneta is and for whom.
import { t } from '../../../i18n/pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { PublicPage } from './PublicLayout.tsx';

export function AboutPage() {
  usePageTitle(t.pages.about);
  return (
    <PublicPage title={t.pages.about}>
      {t.legal.about.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </PublicPage>
  );
}
