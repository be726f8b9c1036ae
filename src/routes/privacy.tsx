// /privacy: the privacy policy.
import { createFileRoute } from '@tanstack/react-router';
import { LegalSections } from '../features/public/components/LegalSections.tsx';
import { t } from '../i18n/pt-BR.ts';

export const Route = createFileRoute('/privacy')({
  component: () => <LegalSections title={t.pages.privacy} sections={t.legal.privacy} />,
});
