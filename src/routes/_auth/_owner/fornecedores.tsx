// /fornecedores: the owner's suppliers (search, cards, add/edit, delete, exports).
import { createFileRoute } from '@tanstack/react-router';
import { SuppliersPage } from '../../../features/suppliers/components/SuppliersPage.tsx';

export const Route = createFileRoute('/_auth/_owner/fornecedores')({
  component: SuppliersPage,
});
