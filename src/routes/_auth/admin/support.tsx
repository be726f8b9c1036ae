// /admin/support: the support board with the ticket detail modal.
import { createFileRoute } from '@tanstack/react-router';
import { SupportBoardPage } from '../../../features/admin/components/SupportBoardPage.tsx';

export const Route = createFileRoute('/_auth/admin/support')({
  component: SupportBoardPage,
});
