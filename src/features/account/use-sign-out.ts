// 'Sair' for the owner and the admin: refused with the reason while changes wait on this device, else /login.
import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useDataClient } from '../../lib/use-data-client.ts';
import { t } from '../../i18n/pt-BR.ts';
import { showToast } from '../../ui/toast.ts';
import { accountFailure } from './failures.ts';

const copy = t.account;

export function useSignOut(): { leaving: boolean; signOut: () => Promise<void> } {
  const data = useDataClient();
  const navigate = useNavigate();
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    try {
      await data.account.signOut();
      await router.invalidate();
      await navigate({ to: '/login', replace: true });
    } catch (error) {
      const failure = accountFailure(error);
      if (failure.reason === 'unsynced_changes') {
        showToast({
          title: copy.signOutBlockedTitle,
          description: copy.signOutBlocked(failure.pending ?? 1),
          kind: 'destructive',
        });
      } else {
        showToast({
          title: copy.updateError,
          description: failure.reason === 'offline' ? copy.signOutOffline : undefined,
          kind: 'destructive',
        });
      }
      setLeaving(false);
    }
  };
  return { leaving, signOut };
}
