// Each screen's command says what it said before the commands were shared: the login's and sign-out's wording,
// the bell's and sync's toasts (docs/product.md §8), the subscription's server messages.
import { describe, expect, it } from 'vitest';
import { CommandRunner, type CommandOptions, type CommandToast } from '../../src/lib/command.ts';
import { loginFailureWording } from '../../src/features/account/sign-in.ts';
import { resendFailureMessage, resendFailureTitle } from '../../src/features/account/resend-confirmation.ts';
import { signOutFailure } from '../../src/features/account/use-sign-out.ts';
import { refreshFailureMessage } from '../../src/features/account/subscription.ts';
import { markReadOptions, removeOptions } from '../../src/features/notifications/commands.ts';
import { syncNowCommand, syncNowOptions } from '../../src/features/sync/sync-now.ts';
import type { RefusedChange, SyncOutcome } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';

async function toastsOf<Result>(options: CommandOptions<Result>, outcome: () => Promise<Result>): Promise<CommandToast[]> {
  const toasts: CommandToast[] = [];
  await new CommandRunner(outcome, options, (toast) => toasts.push(toast)).run();
  return toasts;
}

const fails = (error: Error) => () => Promise.reject(error);

describe("the bell's and sync's toasts", () => {
  it('mark as read: the one sentence as the title', async () => {
    expect(await toastsOf(markReadOptions, fails(new DataError('offline')))).toEqual([
      { title: 'Não foi possível marcar as notificações como lidas.', kind: 'destructive' },
    ]);
  });
  it("delete: 'Notificação excluída', or 'Erro ao excluir' with its sentence", async () => {
    expect(await toastsOf(removeOptions, () => Promise.resolve())).toEqual([{ title: 'Notificação excluída', kind: 'success' }]);
    expect(await toastsOf(removeOptions, fails(new DataError('not_found')))).toEqual([
      { title: 'Erro ao excluir', description: 'Não foi possível excluir a notificação.', kind: 'destructive' },
    ]);
  });
  it("'Sincronizar agora' failed", async () => {
    expect(await toastsOf(syncNowOptions, fails(new DataError('internal')))).toEqual([
      {
        title: 'Erro ao sincronizar',
        description: 'Não foi possível sincronizar os dados. Tente novamente mais tarde.',
        kind: 'destructive',
      },
    ]);
  });
  const syncing = (outcome: SyncOutcome) => () => syncNowCommand({ sync: { syncNow: () => Promise.resolve(outcome) } });
  it("'Sincronizar agora' done: 'Sincronização concluída'", async () => {
    expect(await toastsOf(syncNowOptions, syncing({ refused: [], pending: 0 }))).toEqual([
      { title: 'Sincronização concluída', description: 'Todos os dados foram sincronizados com sucesso.', kind: 'success' },
    ]);
  });
  it("'Sincronizar agora' offline or refused: 'Erro ao sincronizar' with the reason", async () => {
    expect(await toastsOf(syncNowOptions, fails(new DataError('offline')))).toEqual([
      {
        title: 'Erro ao sincronizar',
        description: 'Você está offline. As alterações ficam guardadas neste aparelho e serão enviadas quando a conexão voltar.',
        kind: 'destructive',
      },
    ]);
    const refused: RefusedChange = {
      table: 'produtos',
      id: 'p-51',
      code: '23514',
      message: 'Limite de 50 produtos do Plano Gratuito atingido',
      label: 'Arroz',
      reason: 'product_cap',
      suspensionReason: null,
    };
    expect(await toastsOf(syncNowOptions, syncing({ refused: [refused], pending: 0 }))).toEqual([
      {
        title: 'Erro ao sincronizar',
        description:
          '1 alteração recusada pelo servidor. Limite de produtos do Plano Gratuito atingido. Assine o Plano Premium para cadastrar produtos sem limite.',
        kind: 'destructive',
      },
    ]);
  });
});

describe('account wording', () => {
  it("login: 'Sem conexão' above the form, no toast", async () => {
    const runner = new CommandRunner(
      fails(new DataError('offline')),
      { failureTitle: null, describeFailure: loginFailureWording },
      () => {
        throw new Error('no toast expected');
      },
    );
    await runner.run();
    expect(runner.state()).toMatchObject({
      title: 'Sem conexão',
      message: 'É necessário conexão com a internet para fazer login.',
    });
  });
  it('resending the confirmation', () => {
    expect(resendFailureTitle(new DataError('rate_limited'))).toBe(
      'Muitas tentativas em pouco tempo. Aguarde um minuto e tente novamente.',
    );
    expect(resendFailureTitle(new DataError('offline'))).toBe(resendFailureMessage(new DataError('internal')));
    expect(resendFailureMessage(new DataError('offline'))).toBe('É necessário conexão com a internet para recuperar a senha.');
  });
  it("'Sair': refused while changes wait, offline, or for another reason", () => {
    expect(signOutFailure(new DataError('unsynced_changes', { details: { pending: 2 } }))).toEqual({
      title: 'Ainda há dados para sincronizar',
      description:
        'Há 2 alterações salvas só neste aparelho. Conecte-se à internet e aguarde a sincronização antes de sair, para não perder nada.',
    });
    expect(signOutFailure(new DataError('offline'))).toEqual({
      title: 'Erro ao atualizar',
      description: 'Conecte-se à internet para sair da conta.',
    });
    expect(signOutFailure(new DataError('internal'))).toEqual({
      title: 'Erro ao atualizar',
      description: 'Ocorreu um erro desconhecido',
    });
  });
  it("'Atualizar Status': offline advice, or the server's own message", () => {
    expect(refreshFailureMessage(new DataError('offline'))).toBe('Conecte-se à internet para alterar seus dados.');
    expect(
      refreshFailureMessage(new DataError('function_failed', { details: { serverMessage: 'Assinatura não encontrada' } })),
    ).toBe('Assinatura não encontrada');
    expect(refreshFailureMessage(new DataError('function_failed', { details: { serverCode: '502' } }))).toBe('Erro HTTP 502');
  });
});
