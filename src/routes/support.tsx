// /support: how to reach us.
import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/public/components/SupportPage.tsx';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});
