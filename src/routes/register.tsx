// /register: the owner's account and shop; success leads to /verify-email, where the emailed code confirms it.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/account/components/RegisterPage.tsx';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context }) => {
    if ((await context.account.current()).status === 'signed_in') throw redirect({ to: '/dashboard', replace: true });
  },
  component: RegisterPage,
});
