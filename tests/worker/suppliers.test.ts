// The suppliers domain offline, through the real API over a MessageChannel on memory storage: valid suppliers are
// stored with blanks as null and the phone as digits; every invalid value is refused with its field, code and the
// spec's Portuguese, and nothing is stored; update, removal, and the live list's search by name or phone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../src/i18n/errors.ts';
import type { DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { matchesSupplier } from '../../workers/suppliers/queries.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let remote: RemoteApi<DataApi>;
let workspace: Workspace;

beforeAll(async () => {
  device = await openOfflineDevice('fornecedores');
  ({ remote, workspace } = device);
});
afterAll(async () => {
  await device.close();
});

async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'o comando deveria ser recusado').toBeInstanceOf(DataError);
  return error as DataError;
}

const stored = async () => (await workspace.database.fornecedores.find().exec()).map((doc) => doc.toJSON());

const phoneInvalid = 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.';

describe('suppliers commands', () => {
  it('refuses each invalid value with its field, code and message, storing nothing', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ nome: '' }, 'nome', 'required', 'O nome deve ter pelo menos 3 caracteres.'],
      [{ nome: '  ab  ' }, 'nome', 'too_short', 'O nome deve ter pelo menos 3 caracteres.'],
      [{ nome: 'x'.repeat(201) }, 'nome', 'too_long', 'Máximo de 200 caracteres.'],
      [{ nome: 'Atacadão', email: 'maria' }, 'email', 'invalid_format', 'Email inválido.'],
      [{ nome: 'Atacadão', email: 'maria@mercado' }, 'email', 'invalid_format', 'Email inválido.'],
      [{ nome: 'Atacadão', telefone: '(11) 98765-43210' }, 'telefone', 'invalid_format', phoneInvalid],
      [{ nome: 'Atacadão', telefone: '11 9876a' }, 'telefone', 'invalid_format', phoneInvalid],
      [{ nome: 'Atacadão', telefone: '(81) 99' }, 'telefone', 'invalid_format', phoneInvalid],
      [{ nome: 'Atacadão', telefone: '+55 (81) 99999-88887777' }, 'telefone', 'invalid_format', phoneInvalid],
      [{ nome: 'Atacadão', cnpj_cpf: '1'.repeat(19) }, 'cnpj_cpf', 'too_long', 'Máximo de 18 caracteres.'],
      [{ nome: 'Atacadão', endereco: 'r'.repeat(501) }, 'endereco', 'too_long', 'Máximo de 500 caracteres.'],
      [{ nome: 'Atacadão', observacoes: 'o'.repeat(2001) }, 'observacoes', 'too_long', 'Máximo de 2000 caracteres.'],
    ];
    for (const [input, field, code, message] of cases) {
      const error = await refusal(remote.suppliers.create(input as never));
      expect(error.code).toBe('invalid_input');
      expect(error.issueOf(field), JSON.stringify(input)).toMatchObject({ code });
      expect(fieldMessages('suppliers', error.issues)[field]).toBe(message);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('stores a valid supplier trimmed, blanks as null and the phone as its digits', async () => {
    const id = await remote.suppliers.create({
      nome: '  Atacadão São Jorge ',
      cnpj_cpf: '',
      telefone: '(11) 98765-4321',
      email: ' ',
      endereco: 'Rua A, 10',
      observacoes: '',
    });
    const doc = await workspace.database.fornecedores.findOne(id).exec();
    expect(doc?.toJSON()).toMatchObject({
      nome: 'Atacadão São Jorge',
      cnpj_cpf: null,
      telefone: '11987654321',
      email: null,
      endereco: 'Rua A, 10',
      observacoes: null,
    });
  });

  it('updates every field (a cleared field becomes null) and refuses an invalid update', async () => {
    const id = await remote.suppliers.create({ nome: 'Distribuidora Sol', email: 'vendas@sol.com.br', telefone: '1133334444' });
    await remote.suppliers.update(id, { nome: 'Distribuidora Sol Ltda', email: '', telefone: '11 3333-5555' });
    expect((await workspace.database.fornecedores.findOne(id).exec())?.toJSON()).toMatchObject({
      nome: 'Distribuidora Sol Ltda',
      email: null,
      telefone: '1133335555',
    });
    const error = await refusal(remote.suppliers.update(id, { nome: 'So' }));
    expect(error.issueOf('nome')?.code).toBe('too_short');
    expect((await workspace.database.fornecedores.findOne(id).exec())?.nome).toBe('Distribuidora Sol Ltda');
  });

  it('removes a supplier; removing or updating a missing one is not_found', async () => {
    const id = await remote.suppliers.create({ nome: 'Fornecedor Temporário' });
    await remote.suppliers.remove(id);
    expect(await workspace.database.fornecedores.findOne(id).exec()).toBeNull();
    expect((await refusal(remote.suppliers.remove(id))).code).toBe('not_found');
    expect((await refusal(remote.suppliers.update(randomUUID(), { nome: 'Ninguém' }))).code).toBe('not_found');
  });
});

describe('suppliers live list', () => {
  it('lists by name and searches the name without case or accents, or the phone by its digits', async () => {
    const all = await device.watch('suppliers', {});
    const before = await all.until((list) => list.total >= 2);
    expect(before.items.map((item) => item.nome)).toEqual(['Atacadão São Jorge', 'Distribuidora Sol Ltda']);

    const byName = await device.watch('suppliers', { search: 'ATACADAO sao' });
    expect((await byName.until(() => true)).items.map((item) => item.nome)).toEqual(['Atacadão São Jorge']);
    const byPhone = await device.watch('suppliers', { search: '(11) 3333-5' });
    expect((await byPhone.until(() => true)).items.map((item) => item.nome)).toEqual(['Distribuidora Sol Ltda']);
    const none = await device.watch('suppliers', { search: 'zzz' });
    const empty = await none.until(() => true);
    expect(empty.items).toHaveLength(0);
    expect(empty.total).toBe(before.total);

    // A new supplier appears in the open list by itself, in its place by name.
    await remote.suppliers.create({ nome: 'Bebidas Ávila', telefone: '21999998888' });
    const after = await all.until((list) => list.total === before.total + 1);
    expect(after.items.map((item) => item.nome)).toEqual(['Atacadão São Jorge', 'Bebidas Ávila', 'Distribuidora Sol Ltda']);
    expect(await remote.suppliers.all()).toHaveLength(3);
    for (const watch of [all, byName, byPhone, none]) await watch.stop();
  });
});

describe('supplier search rule', () => {
  const supplier = { nome: 'Distribuidora São João 2', telefone: '11987654321' };
  it.each([
    ['', true],
    ['sao joao', true],
    ['SÃO', true],
    ['98765', true],
    ['(11) 9876', true],
    ['+55 11 98765-4321', true],
    ['loja 2', false],
    ['joão 2', true],
    ['1234', false],
  ])('%j → %s', (search, expected) => {
    expect(matchesSupplier(supplier, search)).toBe(expected);
  });

  it('a supplier without a phone is found by name only', () => {
    expect(matchesSupplier({ nome: 'Atacadão', telefone: null }, '11')).toBe(false);
  });
});
