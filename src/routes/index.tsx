// /: the landing page for visitors; a signed-in owner goes straight to the dashboard.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { LandingPage } from '../features/public/components/LandingPage.tsx';

export const Route = createFileRoute('/')({
  beforeLoad: async ({ context }) => {
    if ((await context.account.current()).status === 'signed_in') throw redirect({ to: '/dashboard', replace: true });
  },
  component: LandingPage,
});
