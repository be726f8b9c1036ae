// /login: email and password; ?verified=1 after the confirmation link, a toast after registration.
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../features/account/components/LoginPage.tsx';

const searchSchema = v.object({ verified: v.optional(v.picklist(['1'])) });

export const Route = createFileRoute('/login')({
  validateSearch: (search) =>
    v.parse(searchSchema, { verified: search.verified === 1 || search.verified === '1' ? '1' : undefined }),
  beforeLoad: async ({ context }) => {
    const account = await context.account.current();
    if (account.status === 'signed_in') throw redirect({ to: '/dashboard', replace: true });
    return { signedOutReason: account.reason };
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { verified } = Route.useSearch();
  const { signedOutReason } = Route.useRouteContext();
  return <LoginPage verified={verified === '1'} signedOutReason={signedOutReason} />;
}
