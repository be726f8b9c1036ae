// /fornecedores: placeholder until its screen is built; the title is final.
import { createFileRoute } from '@tanstack/react-router';
import { t } from '../../../i18n/pt-BR.ts';
import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export const Route = createFileRoute('/_auth/_owner/fornecedores')({
  component: () => <PagePlaceholder title={t.pages.suppliers} />,
});
