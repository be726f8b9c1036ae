// /about: what Caderneta is and for whom.
import { createFileRoute } from '@tanstack/react-router';
import { t } from '../i18n/pt-BR.ts';
import { usePageTitle } from '../ui/PagePlaceholder.tsx';
import { PublicPage } from '../ui/PublicLayout.tsx';

export const Route = createFileRoute('/about')({
  component: AboutPage,
});

function AboutPage() {
  usePageTitle(t.pages.about);
  return (
    <PublicPage title={t.pages.about}>
      {t.legal.about.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </PublicPage>
  );
}
