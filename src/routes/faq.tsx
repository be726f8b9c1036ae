// /faq: the public help page.
import { createFileRoute } from '@tanstack/react-router';
import { t } from '../i18n/pt-BR.ts';
import { usePageTitle } from '../ui/PagePlaceholder.tsx';
import { PublicPage } from '../ui/PublicLayout.tsx';
import { FaqList } from './-components/FaqList.tsx';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});

function FaqPage() {
  usePageTitle(t.pages.faq);
  return (
    <PublicPage title={t.pages.faq}>
      <FaqList />
    </PublicPage>
  );
}
