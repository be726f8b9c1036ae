// Commands refuse invalid input on the device, offline, before anything is stored: per domain, through the real
// worker API across a MessageChannel, the error arrives as a code with the fields at fault, and the UI's catalogue
// turns it into the spec's Portuguese on the right field.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, fieldMessages, type FormName } from '../../src/i18n/errors.ts';
import type { DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let remote: RemoteApi<DataApi>;
let workspace: Workspace;
let userId: string;

beforeAll(async () => {
  device = await openOfflineDevice('comandos');
  ({ remote, workspace, userId } = device);
});
afterAll(async () => {
  await device.close();
});

/** The refusal of a command, as the UI receives it. */
async function refusal(command: Promise<unknown>): Promise<DataError> {
  const error = await command.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error, 'o comando deveria ser recusado').toBeInstanceOf(DataError);
  return error as DataError;
}

async function expectFieldMessage(command: Promise<unknown>, form: FormName, field: string, message: string) {
  const error = await refusal(command);
  expect(error.code).toBe('invalid_input');
  expect(fieldMessages(form, error.issues)[field], JSON.stringify(error.issues)).toBe(message);
  return error;
}

async function count(table: 'produtos' | 'clientes' | 'fiado_lancamentos' | 'vendas' | 'historico_estoque'): Promise<number> {
  return (await workspace.database[table].find().exec()).length;
}

describe('products', () => {
  it("refuses {nome: '', preco: -5} with the spec's message on nome, and stores nothing", async () => {
    const error = await expectFieldMessage(
      remote.products.create({ nome: '', preco: -5 }),
      'products',
      'nome',
      'O nome do produto é obrigatório.',
    );
    expect(error.issueOf('preco')).toMatchObject({ code: 'too_small', limit: 0 });
    expect(fieldMessages('products', error.issues).preco).toBe('O valor não pode ser negativo.');
    expect(await count('produtos')).toBe(0);
  });

  it('refuses a blank name, a description over 500 characters and a price that is not a number', async () => {
    await expectFieldMessage(
      remote.products.create({ nome: '   ', preco: 3 }),
      'products',
      'nome',
      'O nome do produto é obrigatório.',
    );
    const description = 'x'.repeat(501);
    await expectFieldMessage(
      remote.products.create({ nome: 'Arroz', preco: 3, descricao: description }),
      'products',
      'descricao',
      'A descrição pode ter no máximo 500 caracteres.',
    );
    await expectFieldMessage(
      remote.products.create({ nome: 'Arroz', preco: Number.NaN }),
      'products',
      'preco',
      'Informe um número válido.',
    );
    expect(await count('produtos')).toBe(0);
  });

  it('an edit with an invalid value leaves the product as it was', async () => {
    const id = await remote.products.create({ nome: '  Feijão  ', preco: 8 });
    expect((await remote.products.get(id))?.nome).toBe('Feijão');
    await expectFieldMessage(remote.products.update(id, { preco: -1 }), 'products', 'preco', 'O valor não pode ser negativo.');
    expect((await remote.products.get(id))?.preco).toBe(8);
    await remote.products.remove(id);
  });

  it('editing or removing a product that does not exist is not_found, alike', async () => {
    expect((await refusal(remote.products.update(randomUUID(), { preco: 2 }))).code).toBe('not_found');
    expect((await refusal(remote.products.remove(randomUUID()))).code).toBe('not_found');
  });
});

describe('clients and the fiado ledger', () => {
  it('a client needs a name and a Brazilian phone (docs/product.md §5): DDD + 8 or 9 digits, with or without +55', async () => {
    const required = 'Por favor, preencha o nome e telefone do cliente.';
    await expectFieldMessage(remote.clients.create({ nome: 'Maria', telefone: '' }), 'clients', 'telefone', required);
    await expectFieldMessage(remote.clients.create({ nome: ' ', telefone: '11999990000' }), 'clients', 'nome', required);
    const phoneInvalid = 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.';
    for (const telefone of ['119999900001', '(81) 99', '+55 (81) 99999-88887777']) {
      await expectFieldMessage(remote.clients.create({ nome: 'Maria', telefone }), 'clients', 'telefone', phoneInvalid);
    }
    expect(await count('clientes')).toBe(0);
    const id = await remote.clients.create({ nome: 'Maria', telefone: '(11) 99999-0000' });
    expect((await workspace.database.clientes.findOne(id).exec())?.telefone).toBe('11999990000');
    await expectFieldMessage(remote.clients.update(id, { telefone: '(81) 99' }), 'clients', 'telefone', phoneInvalid);
    const abroad = await remote.clients.create({ nome: 'Maria', telefone: '+55 (81) 99999-8888' });
    expect((await workspace.database.clientes.findOne(abroad).exec())?.telefone).toBe('81999998888');
    await remote.clients.remove(abroad);
    await remote.clients.remove(id);
  });

  it('a customer made from a fiado sale needs only a name; a phone, when typed, follows the phone rule', async () => {
    const phoneInvalid = 'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.';
    expect((await refusal(remote.clients.createForSale({ nome: ' ', telefone: '' }))).issues).toEqual([
      { field: 'nome', code: 'required' },
    ]);
    await expectFieldMessage(
      remote.clients.createForSale({ nome: 'Ana', telefone: '(81) 99' }),
      'clients',
      'telefone',
      phoneInvalid,
    );
    expect(await count('clientes')).toBe(0);
    const ana = await remote.clients.createForSale({ nome: ' Ana ', telefone: '' });
    expect(await workspace.database.clientes.findOne(ana).exec()).toMatchObject({ nome: 'Ana', telefone: null, is_fiado: false });
    const bia = await remote.clients.createForSale({ nome: 'Bia', telefone: '(81) 99999-8888' });
    expect((await workspace.database.clientes.findOne(bia).exec())?.telefone).toBe('81999998888');
    await remote.clients.remove(ana);
    await remote.clients.remove(bia);
  });

  it('a debit or payment must be above zero, and a payment not above the balance', async () => {
    const maria = await remote.clients.create({ nome: 'Maria', telefone: '11999990000' });
    const invalid = 'Por favor, informe um valor válido maior que zero.';
    await expectFieldMessage(remote.clients.addDebit({ cliente_id: maria, valor: 0 }), 'ledger', 'valor', invalid);
    await expectFieldMessage(remote.clients.addDebit({ cliente_id: maria, valor: -3 }), 'ledger', 'valor', invalid);
    await expectFieldMessage(
      remote.clients.registerPayment({ cliente_id: maria, valor: Number.NaN }),
      'ledger',
      'valor',
      invalid,
    );
    expect(await count('fiado_lancamentos')).toBe(0);
    await remote.clients.addDebit({ cliente_id: maria, valor: 10 });
    await expectFieldMessage(
      remote.clients.registerPayment({ cliente_id: maria, valor: 10.01 }),
      'ledger',
      'valor',
      'O valor do pagamento não pode ser maior que o débito atual.',
    );
    expect(await count('fiado_lancamentos')).toBe(1);
  });
});

describe('stock', () => {
  it('goods received must be above zero; a count may be zero, not less', async () => {
    const produto = await remote.products.create({ nome: 'Leite', preco: 5 });
    const before = await count('historico_estoque');
    await expectFieldMessage(
      remote.stock.receive({ produto_id: produto, quantidade: 0 }),
      'stock',
      'quantidade',
      'Informe uma quantidade maior que zero.',
    );
    await expectFieldMessage(
      remote.stock.count({ produto_id: produto, quantidade: -1 }),
      'stock',
      'quantidade',
      'O valor não pode ser negativo.',
    );
    expect(await count('historico_estoque')).toBe(before);
    await remote.stock.count({ produto_id: produto, quantidade: 0 });
    expect(await remote.products.stockOf(produto)).toBe(0);
  });
});

describe('sales', () => {
  it("an empty cart, a fiado sale without its client, a quantity of zero: refused with the spec's words", async () => {
    const produto = await remote.products.create({ nome: 'Pão', preco: 0.5 });
    await expectFieldMessage(
      remote.sales.register({ itens: [] }),
      'sales',
      'itens',
      'Adicione produtos ao carrinho para finalizar a venda.',
    );
    await expectFieldMessage(
      remote.sales.register({ itens: [{ produto_id: produto, quantidade: 2 }], tipo: 'fiado' }),
      'sales',
      'cliente_id',
      'Selecione um cliente para vendas fiado.',
    );
    await expectFieldMessage(
      remote.sales.register({ itens: [{ produto_id: produto, quantidade: 0 }] }),
      'sales',
      'itens.0.quantidade',
      'Informe um valor maior que zero.',
    );
    expect(await count('vendas')).toBe(0);
    await remote.sales.register({ itens: [{ produto_id: produto, quantidade: 2 }] });
    expect(await count('vendas')).toBe(1);
  });
});

describe('notifications', () => {
  it('removing a notice that does not exist is not_found', async () => {
    const error = await refusal(remote.notifications.remove(randomUUID()));
    expect(error.code).toBe('not_found');
    expect(errorMessage(error)).toBe('O registro não foi encontrado. Ele pode ter sido excluído.');
  });
});

describe('the database itself', () => {
  it("refuses a document the server's checks would refuse, even written around the commands", async () => {
    const now = new Date().toISOString();
    const insert = workspace.database.produtos.insert({
      id: randomUUID(),
      user_id: userId,
      nome: '',
      preco: -5,
      unidade: 'un',
      created_at: now,
      updated_at: now,
    });
    await expect(insert).rejects.toThrow();
    expect(await workspace.database.produtos.find({ selector: { nome: '' } }).exec()).toHaveLength(0);
  });
});
