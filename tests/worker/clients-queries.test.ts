// The client screens' live queries, offline on memory storage through the real API: the page of clients (search
// without accents or case, pages of 10, balances), one client (null once deleted), the statement with its running
// balance, and a payment that settles the balance removing the client's overdue-fiado notices.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataApi } from '../../workers/api.ts';
import type { RemoteApi } from '../../workers/contract/remote.ts';
import { insertOwned } from '../../workers/db/records.ts';
import type { Workspace } from '../../workers/db/workspace.ts';
import { openOfflineDevice, type OfflineDevice } from './support/offline-device.ts';

let device: OfflineDevice;
let remote: RemoteApi<DataApi>;
let workspace: Workspace;

beforeAll(async () => {
  // A clock that never repeats a millisecond: facts recorded back to back keep their order in the statement.
  let last = 0;
  device = await openOfflineDevice('clientes', { now: () => (last = Math.max(Date.now(), last + 1)) });
  ({ remote, workspace } = device);
});
afterAll(async () => {
  await device.close();
});

const watch: OfflineDevice['watch'] = (name, params) => device.watch(name, params);

describe('clientsPage', () => {
  it('searches without accents or case, pages by 10 in name order, counts all matches and shows balances', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `Cliente ${String(index + 1).padStart(2, '0')}`);
    for (const nome of names) await remote.clients.create({ nome, telefone: '11987654321' });
    const joao = await remote.clients.create({ nome: 'João Conceição', telefone: '(11) 98888-7777' });
    await remote.clients.addDebit({ cliente_id: joao, valor: 12.5 });

    const first = await watch('clientsPage', { page: 1 });
    const page1 = await first.until((page) => page.total === 13);
    expect(page1.pageCount).toBe(2);
    expect(page1.items.map((item) => item.nome)).toEqual(names.slice(0, 10));
    await first.stop();

    const second = await watch('clientsPage', { page: 2 });
    const page2 = await second.until((page) => page.total === 13);
    expect(page2.items.map((item) => item.nome)).toEqual([...names.slice(10), 'João Conceição']);
    await second.stop();

    const search = await watch('clientsPage', { search: 'JOAO conceicao', page: 1 });
    const found = await search.until((page) => page.total === 1 && page.items[0]?.saldo === 12.5);
    expect(found.items[0]).toMatchObject({ id: joao, telefone: '11988887777', fiado: true });
    await remote.clients.addDebit({ cliente_id: joao, valor: 0.1 });
    await search.until((page) => page.items[0]?.saldo === 12.6);
    await search.stop();

    const none = await watch('clientsPage', { search: 'ninguém', page: 3 });
    expect(await none.until((page) => page.total === 0)).toMatchObject({ items: [], page: 1, pageCount: 1 });
    await none.stop();
  });
});

describe('client', () => {
  it('is the client with its balance, live, and null once deleted or for an unknown id', async () => {
    const id = await remote.clients.create({ nome: 'Maria', telefone: '21 3333-4444', observacoes: 'Paga sexta' });
    const one = await watch('client', { clientId: id });
    expect(await one.until((client) => client !== null)).toEqual({
      id,
      nome: 'Maria',
      telefone: '2133334444',
      observacoes: 'Paga sexta',
      saldo: 0,
      fiado: false,
      is_fiado: false,
    });
    await remote.clients.update(id, { nome: 'Maria Souza' });
    await one.until((client) => client?.nome === 'Maria Souza');
    await remote.clients.addDebit({ cliente_id: id, valor: 30 });
    await one.until((client) => client?.saldo === 30 && client.fiado);
    await remote.clients.remove(id);
    await one.until((client) => client === null);
    await one.stop();

    const unknown = await watch('client', { clientId: randomUUID() });
    await unknown.until((client) => client === null);
    await unknown.stop();
  });
});

describe('create', () => {
  it("records a fiado client's opening balance as a debit of the ledger, never as a stored balance", async () => {
    const id = await remote.clients.create({
      nome: 'Rita',
      telefone: '11987650000',
      is_fiado: true,
      saldo_inicial: 45.5,
      saldo_inicial_descricao: 'Saldo inicial',
    });
    const one = await watch('client', { clientId: id });
    expect(await one.until((client) => client?.saldo === 45.5)).toMatchObject({ saldo: 45.5, fiado: true, is_fiado: true });
    await one.stop();
    const statement = await watch('clientStatement', { clientId: id });
    const entries = await statement.until((list) => list.length === 1);
    expect(entries[0]).toMatchObject({ kind: 'debito', valor: 45.5, saldo: 45.5, descricao: 'Saldo inicial' });
    await statement.stop();
    const stored = (await workspace.database.clientes.findOne(id).exec())?.toJSON();
    expect(stored).toMatchObject({ is_fiado: true });
    expect(stored?.saldo_devedor).toBeUndefined();

    // Not a fiado client, or no balance: nothing is written to the ledger.
    const plain = await remote.clients.create({ nome: 'Sem fiado', telefone: '11987650001', saldo_inicial: 30 });
    const zero = await remote.clients.create({ nome: 'Zerado', telefone: '11987650002', is_fiado: true, saldo_inicial: 0 });
    const ledger = await workspace.database.fiado_lancamentos.find({ selector: { cliente_id: { $in: [plain, zero] } } }).exec();
    expect(ledger).toEqual([]);
    expect(await remote.clients.balanceOf(plain)).toBe(0);
  });

  it('refuses a negative opening balance and stores nothing', async () => {
    const before = await workspace.database.clientes.count().exec();
    await expect(
      remote.clients.create({ nome: 'Neg', telefone: '11987650003', is_fiado: true, saldo_inicial: -1 }),
    ).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'saldo_inicial', code: 'too_small' }] });
    expect(await workspace.database.clientes.count().exec()).toBe(before);
  });
});

describe('clientStatement', () => {
  it('lists fiado sales, debits and payments newest first with the balance after each, in cents', async () => {
    const cliente = await remote.clients.create({ nome: 'Zé', telefone: '11912345678' });
    const produto = await remote.products.create({ nome: 'Pão', preco: 0.35 });
    await remote.sales.register({ itens: [{ produto_id: produto, quantidade: 3 }], tipo: 'fiado', cliente_id: cliente });
    await remote.sales.register({ itens: [{ produto_id: produto, quantidade: 1 }], tipo: 'avista' });
    await remote.clients.addDebit({ cliente_id: cliente, valor: 0.2, descricao: 'Troco' });
    await remote.clients.registerPayment({ cliente_id: cliente, valor: 0.3 });

    const statement = await watch('clientStatement', { clientId: cliente });
    const entries = await statement.until((list) => list.length === 3);
    expect(entries.map((entry) => [entry.kind, entry.valor, entry.saldo])).toEqual([
      ['pagamento', 0.3, 0.95],
      ['debito', 0.2, 1.25],
      ['venda', 1.05, 1.05],
    ]);
    expect(entries[1]?.descricao).toBe('Troco');
    expect(await remote.clients.balanceOf(cliente)).toBe(0.95);

    await remote.clients.addDebit({ cliente_id: cliente, valor: 1 });
    const after = await statement.until((list) => list.length === 4);
    expect(after[0]).toMatchObject({ kind: 'debito', valor: 1, saldo: 1.95 });
    await statement.stop();
  });
});

describe('reverseEntry', () => {
  it('corrects a debit by an opposite entry naming it, with the reason, and marks the original reversed', async () => {
    const cliente = await remote.clients.create({ nome: 'Lia', telefone: '11955556666' });
    const errado = await remote.clients.addDebit({ cliente_id: cliente, valor: 50, descricao: 'Arroz' });
    await remote.clients.addDebit({ cliente_id: cliente, valor: 8 });
    const estorno = await remote.clients.reverseEntry({ lancamento_id: errado, motivo: 'Lançado no cliente errado' });

    const statement = await watch('clientStatement', { clientId: cliente });
    const entries = await statement.until((list) => list.length === 3);
    expect(entries.map((entry) => [entry.id, entry.kind, entry.valor, entry.saldo, entry.estornado])).toEqual([
      [estorno, 'pagamento', 50, 8, false],
      [expect.any(String), 'debito', 8, 58, false],
      [errado, 'debito', 50, 50, true],
    ]);
    expect(entries[0]).toMatchObject({ estornoDe: errado, descricao: 'Lançado no cliente errado' });
    await statement.stop();
    expect(await remote.clients.balanceOf(cliente)).toBe(8);

    // The original is never edited: same amount and description as recorded.
    const original = (await workspace.database.fiado_lancamentos.findOne(errado).exec())?.toJSON();
    expect(original).toMatchObject({ tipo: 'debito', valor: 50, descricao: 'Arroz' });
    expect(original?.estorno_de ?? null).toBeNull();
  });

  it('reverses a payment by a debit, and refuses a second reversal, a reversal of a reversal and a blank reason', async () => {
    const cliente = await remote.clients.create({ nome: 'Téo', telefone: '11955557777' });
    await remote.clients.addDebit({ cliente_id: cliente, valor: 20 });
    const pago = await remote.clients.registerPayment({ cliente_id: cliente, valor: 15 });
    const refusedReason = await remote.clients
      .reverseEntry({ lancamento_id: pago, motivo: '  ' })
      .catch((error: unknown) => error);
    expect(refusedReason).toMatchObject({ code: 'invalid_input', issues: [{ field: 'motivo', code: 'required' }] });

    const estorno = await remote.clients.reverseEntry({ lancamento_id: pago, motivo: 'Pagamento não recebido' });
    expect(await remote.clients.balanceOf(cliente)).toBe(20);
    expect((await workspace.database.fiado_lancamentos.findOne(estorno).exec())?.tipo).toBe('debito');

    await expect(remote.clients.reverseEntry({ lancamento_id: pago, motivo: 'De novo' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'lancamento_id', code: 'duplicate' }],
    });
    await expect(remote.clients.reverseEntry({ lancamento_id: estorno, motivo: 'Desfazer' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'lancamento_id', code: 'invalid_option' }],
    });
    await expect(remote.clients.reverseEntry({ lancamento_id: randomUUID(), motivo: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await remote.clients.balanceOf(cliente)).toBe(20);
  });

  it('refuses reversing a debit that later payments already lowered below its amount', async () => {
    const cliente = await remote.clients.create({ nome: 'Bel', telefone: '11955558888' });
    const debito = await remote.clients.addDebit({ cliente_id: cliente, valor: 30 });
    await remote.clients.registerPayment({ cliente_id: cliente, valor: 10 });
    await expect(remote.clients.reverseEntry({ lancamento_id: debito, motivo: 'Errado' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'valor', code: 'exceeds_balance' }],
    });
    expect(await remote.clients.balanceOf(cliente)).toBe(20);
  });
});

describe('registerPayment', () => {
  it("deletes the client's fiado_vencido notices when the payment brings the balance to exactly zero", async () => {
    const cliente = await remote.clients.create({ nome: 'Ana', telefone: '11911112222' });
    const outro = await remote.clients.create({ nome: 'Bia', telefone: '11933334444' });
    await remote.clients.addDebit({ cliente_id: cliente, valor: 10 });
    const notice = (referencia_id: string, tipo = 'fiado_vencido') =>
      insertOwned(workspace, 'notificacoes', { tipo, mensagem: 'Fiado vencido', lido: false, referencia_id });
    const own = await notice(cliente);
    const otherClient = await notice(outro);
    const otherKind = await notice(cliente, 'estoque_baixo');
    const remaining = async () => (await workspace.database.notificacoes.find().exec()).map((doc) => doc.primary).sort();

    await remote.clients.registerPayment({ cliente_id: cliente, valor: 4 });
    expect(await remaining()).toEqual([own, otherClient, otherKind].sort());
    await remote.clients.registerPayment({ cliente_id: cliente, valor: 6 });
    expect(await remaining()).toEqual([otherClient, otherKind].sort());
    expect(await remote.clients.balanceOf(cliente)).toBe(0);
  });
});
