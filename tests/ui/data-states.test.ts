// The loading model: a live query that has no answer yet is 'loading' and drawn as a busy skeleton read out as
// 'Carregando...', never as the empty notice; an empty answer is drawn as the empty notice, data as the data, and a
// failed read as an alert. Checked on the shared piece alone and on a real live query of a device starting up.
import { randomUUID } from 'node:crypto';
import { expose } from 'comlink';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveQueryStore, type LiveQueryState } from '../../src/lib/live-query.ts';
import { DataStates, type DataState } from '../../src/ui/DataStates.tsx';
import { createDataApiParts, type DataApi } from '../../workers/api.ts';
import type { ClientsPage } from '../../workers/clients/queries.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { connectRemoteApi } from '../../workers/contract/remote.ts';
import type { OwnerSession } from '../../workers/db/workspace.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';
import { offlineClient } from '../worker/support/offline-device.ts';

const EMPTY = 'Nenhum cliente encontrado';
const NOWHERE = 'http://127.0.0.1:9';

function draw(state: DataState<ClientsPage>): string {
  return renderToStaticMarkup(
    createElement(DataStates<ClientsPage>, {
      state,
      skeleton: { count: 3, className: 'h-16' },
      failure: { title: 'Erro', message: 'Não foi possível carregar os clientes.' },
      isEmpty: (page) => page.total === 0,
      empty: createElement('p', null, EMPTY),
      children: (page) =>
        createElement(
          'ul',
          null,
          page.items.map((client) => createElement('li', { key: client.id }, client.nome)),
        ),
    }),
  );
}

const noClients: ClientsPage = { items: [], total: 0, page: 1, pageCount: 1, pageSize: 10 };
const rosa: ClientsPage = {
  ...noClients,
  total: 1,
  items: [{ id: randomUUID(), nome: 'Rosa Amaral', telefone: null, observacoes: null, saldo: 0, fiado: false, is_fiado: false }],
};

describe('DataStates', () => {
  it('draws no answer yet as a busy skeleton read out as Carregando..., not as the empty notice', () => {
    const html = draw({ status: 'loading' });
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('role="status"');
    expect(html).toContain('Carregando...');
    expect(html).not.toContain(EMPTY);
  });

  it('draws an empty answer as the empty notice, data as the data, a failure as an alert', () => {
    expect(draw({ status: 'ok', data: noClients })).toContain(EMPTY);
    expect(draw({ status: 'ok', data: noClients })).not.toContain('aria-busy');
    const rows = draw({ status: 'ok', data: rosa });
    expect(rows).toContain('<li>Rosa Amaral</li>');
    expect(rows).not.toContain(EMPTY);
    const failed = draw({ status: 'error', error: new DataError('internal') });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Não foi possível carregar os clientes.');
    expect(failed).not.toContain(EMPTY);
  });
});

describe('a live query of a device starting up', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('stays loading until the owner database answers, then is the (empty) answer', async () => {
    const session$ = new Subject<OwnerSession | null>();
    const parts = createDataApiParts({
      appVersion: 'teste',
      connectivity: createManualConnectivity(false),
      ownerData: {
        storage: getRxStorageMemory(),
        multiInstance: false,
        namePrefix: `carregando-${randomUUID().slice(0, 8)}`,
        serverUrl: NOWHERE,
        deviceId: 'balcao',
        realtime: false,
        session$,
      },
    });
    const channel = new MessageChannel();
    expose(parts.api, channel.port1);
    const store = new LiveQueryStore(connectRemoteApi<DataApi>(channel.port2));
    closers.push(async () => {
      channel.port1.close();
      channel.port2.close();
      await parts.workspace.close();
    });
    const changed: string[] = [];
    const stop = store.subscribe('clientsPage', { page: 1 }, 'clientes', () => changed.push('clientes'));
    const stopVersion = store.subscribe('appVersion', undefined, 'versao', () => changed.push('versao'));
    // The worker has answered a query asked after this one; this one, still unknown, has no answer.
    await until(() => store.snapshot('versao').status === 'ok');
    expect(store.snapshot('clientes').status).toBe('loading');
    expect(draw(clientsState(store.snapshot('clientes')))).toContain('Carregando...');

    const client = offlineClient();
    session$.next({ userId: randomUUID(), client });
    await until(() => store.snapshot('clientes').status !== 'loading');
    const answered = store.snapshot('clientes');
    expect(answered).toMatchObject({ status: 'ok', data: { total: 0, items: [] } });
    expect(draw(clientsState(answered))).toContain(EMPTY);
    stop();
    stopVersion();
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 500 && !check(); turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

/** The store keeps answers untyped: a page of clients is recognised by its shape. */
function clientsState(state: LiveQueryState<unknown>): DataState<ClientsPage> {
  if (state.status !== 'ok') return state;
  if (!isClientsPage(state.data)) throw new Error(`not a page of clients: ${JSON.stringify(state.data)}`);
  return { status: 'ok', data: state.data };
}

function isClientsPage(value: unknown): value is ClientsPage {
  return typeof value === 'object' && value !== null && 'total' in value && 'items' in value;
}
