// /account: 'Minha Conta'; also where the provider returns after payment (?status=success&session_id=…).
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { AccountPage } from '../../../features/account/components/AccountPage.tsx';

const searchSchema = v.object({
  status: v.optional(v.picklist(['success'])),
  session_id: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const Route = createFileRoute('/_auth/_owner/account')({
  validateSearch: (search) =>
    v.parse(searchSchema, {
      status: search.status === 'success' ? 'success' : undefined,
      session_id: typeof search.session_id === 'string' ? search.session_id.slice(0, 200) : undefined,
    }),
  component: AccountRoute,
});

function AccountRoute() {
  const { status, session_id: sessionId } = Route.useSearch();
  return <AccountPage paymentReturned={status === 'success' && Boolean(sessionId)} />;
}
