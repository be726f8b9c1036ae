// /clients/$id/edit: the client's edit form.
import { createFileRoute } from '@tanstack/react-router';
import { EditClientPage } from '../../../../../features/clients/components/ClientFormPage.tsx';

export const Route = createFileRoute('/_auth/_owner/clients/$id/edit')({
  component: EditClientRoute,
});

function EditClientRoute() {
  const { id } = Route.useParams();
  return <EditClientPage key={id} clientId={id} />;
}
