// 'Sair' for the owner and the admin: refused with the reason while changes wait on this device, else /login.
import { useNavigate, useRouter } from '@tanstack/react-router';
import { errorMessage } from '../../i18n/errors.ts';
import { t } from '../../i18n/pt-BR.ts';
import { useCommand } from '../../lib/use-command.ts';
import type { FailureWording } from '../../lib/command.ts';
import { signOutRefusal } from '../sync/index.ts';
import { accountFailure } from './failures.ts';

const copy = t.account;

/** Why 'Sair' failed: changes that would be lost here, no connection, or the catalogue's sentence for the rest. */
export function signOutFailure(error: unknown): FailureWording {
  const failure = accountFailure(error);
  if (failure.reason === 'unsynced_changes') return signOutRefusal(failure.pending ?? 1);
  return { title: copy.updateError, description: errorMessage(error, undefined, { offline: copy.signOutOffline }) };
}

export function useSignOut(): { leaving: boolean; signOut: () => Promise<void> } {
  const navigate = useNavigate();
  const router = useRouter();
  const command = useCommand(
    async (data) => {
      await data.account.signOut();
      await router.invalidate();
      await navigate({ to: '/login', replace: true });
    },
    { describeFailure: signOutFailure },
  );
  return {
    leaving: command.pending,
    signOut: async () => {
      await command.run();
    },
  };
}
