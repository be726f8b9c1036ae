// The sync status the UI shows: connection, phase, the count of changes not yet on the server, and the
// spec's Portuguese messages (spec 1 §4 "Offline records and sync", §8 "Sync").
import type { RejectedDocument } from './replication.ts';

export type SyncPhase = 'idle' | 'syncing' | 'completed' | 'error' | 'offline';

export interface SyncStatus {
  readonly online: boolean;
  readonly phase: SyncPhase;
  /** Short title, e.g. 'Sincronização concluída'. */
  readonly title: string;
  /** The sentence under the title. */
  readonly message: string;
  /** Changes saved on this device that the server does not have yet (includes refused ones). */
  readonly pending: number;
  /** Documents the server refused; they stay on the device and are offered again. */
  readonly rejected: readonly (RejectedDocument & { table: string })[];
  /** ISO time of the last moment everything was in sync, if ever. */
  readonly lastSyncedAt: string | null;
}

export function pendingSentence(pending: number): string {
  if (pending === 0) return 'Nenhuma alteração pendente neste aparelho.';
  return pending === 1
    ? '1 alteração salva neste aparelho ainda não foi enviada ao servidor.'
    : `${pending} alterações salvas neste aparelho ainda não foram enviadas ao servidor.`;
}

export function describeStatus(input: Omit<SyncStatus, 'title' | 'message'>): SyncStatus {
  const pending = pendingSentence(input.pending);
  switch (input.phase) {
    case 'offline':
      return { ...input, title: 'Você está offline', message: `${pending} Serão sincronizadas quando a conexão voltar.` };
    case 'syncing':
      return { ...input, title: 'Sincronizando...', message: pending };
    case 'error':
      return {
        ...input,
        title: 'Erro ao sincronizar',
        message: 'Não foi possível sincronizar os dados. Tente novamente mais tarde.',
      };
    case 'completed':
      return input.pending === 0
        ? { ...input, title: 'Sincronização concluída', message: 'Todos os dados foram sincronizados com sucesso.' }
        : { ...input, title: 'Sincronização concluída', message: pending };
    case 'idle':
      return { ...input, title: 'Aguardando sincronização', message: pending };
  }
}

export interface SignOutCheck {
  readonly allowed: boolean;
  readonly pending: number;
  /** Why a sign-out is refused, in Portuguese, when it is. */
  readonly message: string | null;
}

export function signOutCheck(pending: number): SignOutCheck {
  if (pending === 0) return { allowed: true, pending, message: null };
  return {
    allowed: false,
    pending,
    message: `${pendingSentence(pending)} Se você sair agora, elas serão perdidas. Conecte-se à internet e aguarde a sincronização antes de sair.`,
  };
}
