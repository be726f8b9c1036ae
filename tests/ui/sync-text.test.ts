// The sync status in words: the worker sends facts, these sentences (the spec's) are built in the UI.
import { describe, expect, it } from 'vitest';
import {
  bannerPendingSentence,
  describeSyncStatus,
  deviceSyncSentence,
  pendingSentence,
  signOutRefusal,
} from '../../src/features/sync/sync-text.ts';

describe('sync status sentences', () => {
  it('counts what waits on this device', () => {
    expect(pendingSentence(0)).toBe('Nenhuma alteração pendente neste aparelho.');
    expect(pendingSentence(1)).toBe('1 alteração salva neste aparelho ainda não foi enviada ao servidor.');
    expect(pendingSentence(2)).toBe('2 alterações salvas neste aparelho ainda não foram enviadas ao servidor.');
  });

  it('titles and explains each phase', () => {
    expect(describeSyncStatus({ phase: 'completed', pending: 0 })).toEqual({
      title: 'Sincronização concluída',
      message: 'Todos os dados foram sincronizados com sucesso.',
    });
    expect(describeSyncStatus({ phase: 'completed', pending: 1 })).toEqual({
      title: 'Sincronização concluída',
      message: '1 alteração salva neste aparelho ainda não foi enviada ao servidor.',
    });
    expect(describeSyncStatus({ phase: 'offline', pending: 2 })).toEqual({
      title: 'Você está offline',
      message:
        '2 alterações salvas neste aparelho ainda não foram enviadas ao servidor. Serão sincronizadas quando a conexão voltar.',
    });
    expect(describeSyncStatus({ phase: 'syncing', pending: 0 })).toEqual({
      title: 'Sincronizando...',
      message: 'Nenhuma alteração pendente neste aparelho.',
    });
    expect(describeSyncStatus({ phase: 'error', pending: 3 })).toEqual({
      title: 'Erro ao sincronizar',
      message: 'Não foi possível sincronizar os dados. Tente novamente mais tarde.',
    });
    expect(describeSyncStatus({ phase: 'idle', pending: 0 }).title).toBe('Aguardando sincronização');
  });

  it("words 'Minha Conta', the offline banner and a refused 'Sair'", () => {
    expect(deviceSyncSentence(0)).toBe('Tudo sincronizado: nenhuma alteração pendente neste aparelho.');
    expect(deviceSyncSentence(1)).toBe('1 alteração salva neste aparelho ainda não foi enviada ao servidor.');
    expect(bannerPendingSentence(0)).toBeNull();
    expect(bannerPendingSentence(2)).toBe('2 alterações aguardando envio.');
    expect(signOutRefusal(1)).toEqual({
      title: 'Ainda há dados para sincronizar',
      description:
        'Há 1 alteração salva só neste aparelho. Conecte-se à internet e aguarde a sincronização antes de sair, para não perder nada.',
    });
    expect(signOutRefusal(3).description).toMatch(/^Há 3 alterações salvas só neste aparelho\./);
  });
});
