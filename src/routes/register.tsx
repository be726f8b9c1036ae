// /register: the owner's account and shop; success leads to /login to confirm the email first.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '../features/account/components/RegisterPage.tsx';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context }) => {
    if ((await context.data.account.current()).status === 'signed_in') throw redirect({ to: '/dashboard', replace: true });
  },
  component: RegisterPage,
});
