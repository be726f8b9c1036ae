// /reset-password: where the emailed recovery link (or the recovery code typed on /forgot-password) leads; sets the new password, then back to /login.
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/account/components/ResetPasswordPage.tsx';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});
