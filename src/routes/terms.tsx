// /terms: the terms of use.
import { createFileRoute } from '@tanstack/react-router';
import { LegalSections } from '../features/public/components/LegalSections.tsx';
import { t } from '../i18n/pt-BR.ts';

export const Route = createFileRoute('/terms')({
  component: () => <LegalSections title={t.pages.terms} sections={t.legal.terms} />,
});
