// /forgot-password: asks for the email that receives the reset link.
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/account/components/ForgotPasswordPage.tsx';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
