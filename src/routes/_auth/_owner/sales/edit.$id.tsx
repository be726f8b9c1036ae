// /sales/edit/$id: 'Editar Venda'.
import { createFileRoute } from '@tanstack/react-router';
import { EditSalePage } from '../../../../features/sales/components/EditSalePage.tsx';

export const Route = createFileRoute('/_auth/_owner/sales/edit/$id')({
  component: EditSaleRoute,
});

function EditSaleRoute() {
  const { id } = Route.useParams();
  return <EditSalePage key={id} saleId={id} />;
}
