// The rules every screen's write follows (src/lib/command.ts): one run at a time, the failure in Portuguese on its
// field or as a toast, the success toast, and a screen's own wording for a code.
import { describe, expect, it } from 'vitest';
import { CommandRunner, type CommandToast } from '../../src/lib/command.ts';
import { DataError } from '../../workers/contract/errors.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('CommandRunner', () => {
  it('ignores a second tap while the first is pending, and reports pending to the screen', async () => {
    const toasts: CommandToast[] = [];
    const gate = deferred<string>();
    let calls = 0;
    const runner = new CommandRunner(
      () => {
        calls++;
        return gate.promise;
      },
      { success: (id: string) => ({ title: 'Cliente adicionado', description: id }) },
      (toast) => toasts.push(toast),
    );
    const changes: boolean[] = [];
    runner.subscribe(() => changes.push(runner.state().pending));
    const first = runner.run();
    const second = await runner.run();
    expect(second).toBeUndefined();
    expect(runner.state().pending).toBe(true);
    gate.resolve('c1');
    expect(await first).toBe('c1');
    expect(calls).toBe(1);
    expect(changes).toEqual([true, false]);
    expect(toasts).toEqual([{ title: 'Cliente adicionado', description: 'c1', kind: 'success' }]);
  });

  it("puts field issues on the fields with the spec's words, without a toast", async () => {
    const toasts: CommandToast[] = [];
    const runner = new CommandRunner(
      () => Promise.reject(DataError.invalid([{ field: 'nome', code: 'required' }])),
      { form: 'products' },
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(runner.state().error?.code).toBe('invalid_input');
    expect(runner.state().fieldErrors).toEqual({ nome: 'O nome do produto é obrigatório.' });
    expect(runner.state().message).toBe('O nome do produto é obrigatório.');
    expect(toasts).toEqual([]);
    runner.reset();
    expect(runner.state()).toMatchObject({ error: null, fieldErrors: {} });
  });

  it("shows any other failure as a destructive toast, in the screen's wording when it has one", async () => {
    const toasts: CommandToast[] = [];
    const runner = new CommandRunner(
      () => Promise.reject(new DataError('offline')),
      { messages: { offline: 'É necessário conexão com a internet para fazer login.' }, failureTitle: 'Sem conexão' },
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(toasts).toEqual([
      { title: 'Sem conexão', description: 'É necessário conexão com a internet para fazer login.', kind: 'destructive' },
    ]);
    expect(runner.state().error?.code).toBe('offline');
  });

  it("turns a thrown non-DataError into the catalogue's unknown-error message", async () => {
    const toasts: CommandToast[] = [];
    const runner = new CommandRunner(
      () => Promise.reject(new TypeError('boom')),
      {},
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(toasts).toEqual([{ title: 'Erro', description: 'Ocorreu um erro desconhecido', kind: 'destructive' }]);
  });
});

describe("a screen's own wording of a failure", () => {
  it('gets the value as thrown and replaces the toast title and sentence', async () => {
    const toasts: CommandToast[] = [];
    const seen: unknown[] = [];
    const bug = new TypeError('boom');
    const runner = new CommandRunner(
      () => Promise.reject(bug),
      {
        describeFailure: (thrown) => {
          seen.push(thrown);
          return { title: 'Erro ao excluir', description: 'Não foi possível excluir a notificação.' };
        },
      },
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(seen).toEqual([bug]);
    expect(runner.state()).toMatchObject({ title: 'Erro ao excluir', message: 'Não foi possível excluir a notificação.' });
    expect(runner.state().error?.code).toBe('internal');
    expect(toasts).toEqual([
      { title: 'Erro ao excluir', description: 'Não foi possível excluir a notificação.', kind: 'destructive' },
    ]);
  });

  it('a sentence alone goes under failureTitle; a title alone is the whole message', async () => {
    const toasts: CommandToast[] = [];
    const sentence = new CommandRunner(
      () => Promise.reject(new DataError('offline')),
      { failureTitle: 'Erro ao sincronizar', describeFailure: () => 'Não foi possível sincronizar os dados.' },
      (toast) => toasts.push(toast),
    );
    await sentence.run();
    const titleOnly = new CommandRunner(
      () => Promise.reject(new DataError('internal')),
      { describeFailure: () => ({ title: 'Não foi possível marcar as notificações como lidas.' }) },
      (toast) => toasts.push(toast),
    );
    await titleOnly.run();
    expect(titleOnly.state().message).toBe('Não foi possível marcar as notificações como lidas.');
    expect(toasts).toEqual([
      { title: 'Erro ao sincronizar', description: 'Não foi possível sincronizar os dados.', kind: 'destructive' },
      { title: 'Não foi possível marcar as notificações como lidas.', description: undefined, kind: 'destructive' },
    ]);
  });

  it('with failureTitle null nothing is toasted and the screen reads title and message from the state', async () => {
    const toasts: CommandToast[] = [];
    const runner = new CommandRunner(
      () => Promise.reject(new DataError('offline')),
      { failureTitle: null, describeFailure: () => ({ title: 'Sem conexão', description: 'É necessário conexão.' }) },
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(toasts).toEqual([]);
    expect(runner.state()).toMatchObject({ pending: false, title: 'Sem conexão', message: 'É necessário conexão.' });
    runner.reset();
    expect(runner.state()).toMatchObject({ title: null, message: null, error: null });
  });

  it('does not replace the field messages of its form', async () => {
    const toasts: CommandToast[] = [];
    const runner = new CommandRunner(
      () => Promise.reject(DataError.invalid([{ field: 'nomeMercado', code: 'too_long', limit: 40 }])),
      { form: 'account', failureTitle: 'Erro ao atualizar', describeFailure: () => 'outra coisa' },
      (toast) => toasts.push(toast),
    );
    await runner.run();
    expect(runner.state().fieldErrors).toEqual({ nomeMercado: 'O nome do mercadinho deve ter no máximo 40 caracteres.' });
    expect(toasts).toEqual([]);
  });
});
