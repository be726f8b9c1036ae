// The public help page: the frequently asked questions inside the public layout.
import { t } from '../../../i18n/pt-BR.ts';
import { usePageTitle } from '../../../ui/page-title.ts';
import { FaqList } from './FaqList.tsx';
import { PublicPage } from './PublicLayout.tsx';

export function FaqPage() {
  usePageTitle(t.pages.faq);
  return (
    <PublicPage title={t.pages.faq}>
      <FaqList />
    </PublicPage>
  );
}
