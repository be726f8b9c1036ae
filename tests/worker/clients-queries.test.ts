// The client screens' live queries, offline on memory storage through the real API: the page of clients (search
// without accents or case, pages of 10, balances), one client (null once deleted), the statement with its running
// balance, and a payment that settles the balance removing the client's overdue-fiado notices.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expose, proxy } from 'comlink';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject } from 'rxjs';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApiParts, type DataApi, type LiveQueries, type LiveQueryName } from '../../workers/api.ts';
import type { LiveUpdate } from '../../workers/contract/live.ts';
import { connectRemoteApi, type RemoteApi } from '../../workers/contract/remote.ts';
import { insertOwned } from '../../workers/db/records.ts';
import type { OwnerSession, Workspace } from '../../workers/db/workspace.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import type { Observable } from 'rxjs';

const userId = randomUUID();
let remote: RemoteApi<DataApi>;
let workspace: Workspace;
let close: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  const connectivity = createManualConnectivity(false);
  const client = createClient('http://127.0.0.1:9', 'anon', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as never },
  });
  const parts = createDataApiParts({
    appVersion: 'teste',
    connectivity,
    ownerData: {
      storage: getRxStorageMemory(),
      multiInstance: false,
      namePrefix: `clientes-${randomUUID().slice(0, 8)}`,
      serverUrl: 'http://127.0.0.1:9',
      deviceId: 'balcao',
      realtime: false,
      session$: new BehaviorSubject<OwnerSession | null>({ userId, client }),
    },
  });
  workspace = await parts.workspace.current();
  const channel = new MessageChannel();
  expose(parts.api, channel.port1);
  remote = connectRemoteApi<DataApi>(channel.port2);
  close = async () => {
    channel.port1.close();
    channel.port2.close();
    await workspace.close();
  };
});
afterAll(async () => {
  await close();
});

type ResultOf<N extends LiveQueryName> = LiveQueries[N] extends (params: never) => Observable<infer R> ? R : never;

/** Subscribes like a screen does; `until` resolves with the first value that satisfies the condition. */
async function watch<N extends LiveQueryName>(name: N, params: Parameters<LiveQueries[N]>[0]) {
  const values: ResultOf<N>[] = [];
  const waiters: { check: (value: ResultOf<N>) => boolean; resolve: (value: ResultOf<N>) => void }[] = [];
  const id = await remote.live.subscribe(
    name,
    params,
    proxy((update: LiveUpdate<unknown>) => {
      if (update.status !== 'ok') throw new Error(JSON.stringify(update.error));
      const value = update.value as ResultOf<N>;
      values.push(value);
      for (const waiter of waiters.splice(0)) {
        if (waiter.check(value)) waiter.resolve(value);
        else waiters.push(waiter);
      }
    }),
  );
  return {
    until(check: (value: ResultOf<N>) => boolean): Promise<ResultOf<N>> {
      const last = values.at(-1);
      if (last !== undefined && check(last)) return Promise.resolve(last);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`${name}: condition not met; last ${JSON.stringify(values.at(-1))}`));
        }, 3000);
        waiters.push({
          check,
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
        });
      });
    },
    stop: () => remote.live.unsubscribe(id),
  };
}

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
