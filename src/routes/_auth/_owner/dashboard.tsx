// /dashboard (Início): the owner's home screen.
import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/dashboard/components/DashboardPage.tsx';

export const Route = createFileRoute('/_auth/_owner/dashboard')({
  component: DashboardPage,
});
