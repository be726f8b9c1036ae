// /clients/$id: the client detail.
import { createFileRoute } from '@tanstack/react-router';
import { ClientDetailPage } from '../../../../../features/clients/components/ClientDetailPage.tsx';

export const Route = createFileRoute('/_auth/_owner/clients/$id/')({
  component: ClientDetailRoute,
});

function ClientDetailRoute() {
  const { id } = Route.useParams();
  return <ClientDetailPage key={id} clientId={id} />;
}
