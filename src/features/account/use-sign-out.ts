// 'Sair' for the owner and the admin: refused with the reason while changes wait on this device, else /login.
// Changes the server refused never hold the owner here: 'Sair' warns that leaving discards them, and on
// confirmation discards them and leaves.
import { useState } from 'react';
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

export interface SignOut {
  leaving: boolean;
  signOut: () => Promise<void>;
  /** Refused changes that leaving would discard, while the owner is asked to confirm (0 otherwise). */
  refusedToDiscard: number;
  /** Discards them and leaves. */
  discardAndSignOut: () => Promise<void>;
  /** Stays, keeping them. */
  stay: () => void;
}

export function useSignOut(): SignOut {
  const navigate = useNavigate();
  const router = useRouter();
  const [refusedToDiscard, setRefusedToDiscard] = useState(0);
  const command = useCommand(
    /** Resolves with the refused changes awaiting the owner's confirmation, or 0 once signed out. */
    async (data, discardRefused: boolean): Promise<number> => {
      const check = await data.sync.canSignOut();
      if (check.allowed && check.refused > 0) {
        if (!discardRefused) return check.refused;
        for (const change of (await data.sync.status()).rejected)
          await data.sync.discardRefused({ table: change.table, id: change.id });
      }
      await data.account.signOut();
      await router.invalidate();
      await navigate({ to: '/login', replace: true });
      return 0;
    },
    { describeFailure: signOutFailure },
  );
  return {
    leaving: command.pending,
    signOut: async () => {
      setRefusedToDiscard((await command.run(false)) ?? 0);
    },
    refusedToDiscard,
    discardAndSignOut: async () => {
      await command.run(true);
      setRefusedToDiscard(0);
    },
    stay: () => {
      setRefusedToDiscard(0);
    },
  };
}
