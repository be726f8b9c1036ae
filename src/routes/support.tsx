// /support: for a signed-in premium owner their support tickets (?ticket= opens one); for everyone else how to
// reach us.
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { OwnerSupportPage, usePremiumSupport } from '../features/support/index.ts';
import { SupportPage } from '../features/public/components/SupportPage.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';

export const Route = createFileRoute('/support')({
  validateSearch: v.object({ ticket: v.optional(v.string()) }),
  component: SupportRoute,
});

function SupportRoute() {
  const premium = usePremiumSupport();
  const { ticket } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (premium === 'loading') return <LoadingScreen />;
  if (premium === 'no') return <SupportPage />;
  return <OwnerSupportPage ticketId={ticket ?? null} onSelect={(id) => void navigate({ search: id ? { ticket: id } : {} })} />;
}
