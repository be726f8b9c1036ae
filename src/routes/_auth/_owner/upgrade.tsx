// /upgrade (optional ?reason=trial_expired): the plans; the reason is shown once and removed from the address.
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UpgradePage } from '../../../features/account/components/UpgradePage.tsx';

const searchSchema = v.object({ reason: v.optional(v.picklist(['trial_expired'])) });

export const Route = createFileRoute('/_auth/_owner/upgrade')({
  validateSearch: (search) => v.parse(searchSchema, { reason: search.reason === 'trial_expired' ? 'trial_expired' : undefined }),
  component: UpgradeRoute,
});

function UpgradeRoute() {
  const { reason } = Route.useSearch();
  return <UpgradePage trialExpired={reason === 'trial_expired'} />;
}
