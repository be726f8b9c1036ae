// /verify-email: 'Verifique seu email', the emailed code and 'Reenviar email' for the address registered on this device.
import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/account/components/VerifyEmailPage.tsx';

export const Route = createFileRoute('/verify-email')({
  loader: ({ context }) => context.data.account.pendingEmail(),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  return <VerifyEmailPage email={Route.useLoaderData()} />;
}
