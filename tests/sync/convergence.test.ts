// Devices selling offline converge on the server's documents, with stock and balances derived exactly:
// stock = count − every sale, fiado balance = the ledger, concurrent field edits both kept, deletion wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { converged, eventually, newOwner, openDevice, type Device, type Owner } from './support/devices.ts';
import { expectedBalances, expectedStock } from './support/oracle.ts';

const DAY = 86_400_000;
let stack: TestStack;
const devices: Device[] = [];

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  for (const device of devices.splice(0)) await device.close();
  await stack.close();
});

async function device(owner: Owner, name: string, skewMs = 0): Promise<Device> {
  const opened = await openDevice(stack, owner, { name, skewMs });
  devices.push(opened);
  return opened;
}

async function expectCountersExact(owner: Owner, all: readonly Device[]): Promise<void> {
  const stock = await expectedStock(owner);
  const balances = await expectedBalances(owner);
  for (const d of all) {
    for (const [productId, value] of stock) expect(await d.stockOf(productId), `${d.name} stock`).toBe(value);
    for (const [clientId, value] of balances) expect(await d.balanceOf(clientId), `${d.name} balance`).toBe(value);
  }
}

describe('devices selling offline', () => {
  it('two and three devices converge to stock = count − all sales, whatever their clocks', async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a', 3 * DAY);
    const b = await device(owner, 'b', -2 * DAY);
    const arroz = await a.api.products.create({ nome: 'Arroz 5 kg', preco: 27.9, estoque: 100 });
    const feijao = await a.api.products.create({ nome: 'Feijão 1 kg', preco: 8.49, estoque: 50 });
    await converged(owner, [a, b]);
    const c = await device(owner, 'c', 5 * 60_000);
    await converged(owner, [a, b, c]);

    for (const d of [a, b, c]) await d.setOnline(false);
    for (let i = 0; i < 7; i++) await a.api.sales.register({ itens: [{ produto_id: arroz, quantidade: 2 }] });
    for (let i = 0; i < 5; i++)
      await b.api.sales.register({
        itens: [
          { produto_id: arroz, quantidade: 1 },
          { produto_id: feijao, quantidade: 3 },
        ],
      });
    for (let i = 0; i < 4; i++) await c.api.sales.register({ itens: [{ produto_id: feijao, quantidade: 0.5 }] });
    expect(await a.stockOf(arroz)).toBe(86);
    await eventually(async () => {
      expect(await b.status()).toMatchObject({ online: false, phase: 'offline', pending: 5 });
    });

    for (const d of [a, b, c]) await d.setOnline(true);
    await converged(owner, [a, b, c]);
    for (const d of [a, b, c]) {
      expect(await d.stockOf(arroz)).toBe(100 - 14 - 5);
      expect(await d.stockOf(feijao)).toBe(50 - 15 - 2);
    }
    await expectCountersExact(owner, [a, b, c]);
    expect(await a.status()).toMatchObject({ phase: 'completed', pending: 0, rejected: [] });
  });

  it('fiado balances equal the ledger across devices', async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a');
    const b = await device(owner, 'b', -DAY);
    const maria = await a.api.clients.create({ nome: 'Maria', telefone: '11999990000' });
    const pao = await a.api.products.create({ nome: 'Pão', preco: 0.75, estoque: 200 });
    await converged(owner, [a, b]);
    await a.setOnline(false);
    await b.setOnline(false);
    await a.api.sales.register({ itens: [{ produto_id: pao, quantidade: 10 }], tipo: 'fiado', cliente_id: maria });
    const gas = await a.api.clients.addDebit({ cliente_id: maria, valor: 12.35, descricao: 'Gás' });
    await b.api.sales.register({ itens: [{ produto_id: pao, quantidade: 3 }], tipo: 'fiado', cliente_id: maria });
    await b.api.clients.addDebit({ cliente_id: maria, valor: 0.1 });
    await b.api.clients.addDebit({ cliente_id: maria, valor: 0.2 });
    await b.api.clients.registerPayment({ cliente_id: maria, valor: 2.25 });
    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b]);
    // 7.50 + 12.35 + 2.25 + 0.10 + 0.20 − 2.25
    for (const d of [a, b]) expect(await d.balanceOf(maria)).toBe(20.15);
    await expectCountersExact(owner, [a, b]);

    // A reversal made on the other device reaches the server and the first device, naming the entry it corrects.
    const estorno = await b.api.clients.reverseEntry({ lancamento_id: gas, motivo: 'Gás era de outra cliente' });
    await converged(owner, [a, b]);
    for (const d of [a, b]) expect(await d.balanceOf(maria)).toBe(7.8);
    await expectCountersExact(owner, [a, b]);
    const copy = (await a.docs('fiado_lancamentos')).find((row) => row.id === estorno);
    expect(copy).toMatchObject({ tipo: 'pagamento', valor: 12.35, estorno_de: gas, descricao: 'Gás era de outra cliente' });
  });

  it('keeps concurrent edits of different fields, merges text, and lets a deletion win over an edit', async () => {
    const owner = await newOwner(stack);
    const a = await device(owner, 'a');
    const b = await device(owner, 'b', 2 * DAY);
    const cafe = await a.api.products.create({ nome: 'Café', preco: 15, descricao: 'Café torrado e moído' });
    const leite = await a.api.products.create({ nome: 'Leite', preco: 5 });
    await converged(owner, [a, b]);
    await a.setOnline(false);
    await b.setOnline(false);
    await a.api.products.update(cafe, { preco: 16.5, descricao: 'Café torrado e moído, 500 g' });
    await b.api.products.update(cafe, { marca: 'Pilão', descricao: 'Bom café torrado e moído' });
    await a.api.products.update(leite, { preco: 5.5 });
    await b.api.products.remove(leite);
    await a.setOnline(true);
    await b.setOnline(true);
    await converged(owner, [a, b]);
    const merged = await a.api.products.get(cafe);
    expect(merged).toMatchObject({ preco: 16.5, marca: 'Pilão', descricao: 'Bom café torrado e moído, 500 g' });
    expect(await a.api.products.get(leite)).toBeNull();
    expect(await b.api.products.get(leite)).toBeNull();
  });
});
