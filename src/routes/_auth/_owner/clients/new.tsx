// /clients/new: the new-client form.
import { createFileRoute } from '@tanstack/react-router';
import { NewClientPage } from '../../../../features/clients/components/ClientFormPage.tsx';

export const Route = createFileRoute('/_auth/_owner/clients/new')({
  component: NewClientPage,
});
