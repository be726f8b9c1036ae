// The worker contract over a real MessageChannel: typed calls, live subscriptions and errors as data.
import { afterEach, describe, expect, it } from 'vitest';
import { expose, proxy } from 'comlink';
import { createDataApi, type DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import type { LiveUpdate } from '../../workers/contract/live.ts';
import { connectRemoteApi } from '../../workers/contract/remote.ts';
import { createManualConnectivity, type ConnectivityState } from '../../workers/system/connectivity.ts';

function connect() {
  const connectivity = createManualConnectivity(true);
  const api = createDataApi({ appVersion: '9.8.7', connectivity });
  const channel = new MessageChannel();
  expose(api, channel.port1);
  const remote = connectRemoteApi<DataApi>(channel.port2);
  return {
    api,
    remote,
    connectivity,
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

let opened: ReturnType<typeof connect> | undefined;
afterEach(() => opened?.close());

function waitFor<T>(predicate: () => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      const value = predicate();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > 2000) reject(new Error('timed out'));
      else setTimeout(tick, 5);
    };
    tick();
  });
}

describe('data worker contract', () => {
  it('answers a handler call across the boundary', async () => {
    opened = connect();
    await expect(opened.remote.system.appVersion()).resolves.toBe('9.8.7');
    await expect(opened.remote.account.current()).resolves.toEqual({ status: 'signed_out', reason: 'signed_out' });
  });

  it('serves the app version as a live query (screens read it like any other data)', async () => {
    opened = connect();
    const updates: LiveUpdate<string>[] = [];
    await opened.remote.live.subscribe(
      'appVersion',
      undefined,
      proxy((update: LiveUpdate<string>) => void updates.push(update)),
    );
    await waitFor(() => (updates.length === 1 ? true : undefined));
    expect(updates).toEqual([{ status: 'ok', value: '9.8.7' }]);
  });

  it('pushes live connectivity changes to a subscriber and stops after unsubscribe', async () => {
    opened = connect();
    const updates: LiveUpdate<ConnectivityState>[] = [];
    const id = await opened.remote.live.subscribe(
      'connectivity',
      undefined,
      proxy((update: LiveUpdate<ConnectivityState>) => void updates.push(update)),
    );
    await waitFor(() => (updates.length === 1 ? true : undefined));
    opened.connectivity.set(false);
    await waitFor(() => (updates.length === 2 ? true : undefined));
    expect(updates.map((update) => (update.status === 'ok' ? update.value.online : 'error'))).toEqual([true, false]);

    await opened.remote.live.unsubscribe(id);
    expect(opened.api.live.openCount()).toBe(0);
    opened.connectivity.set(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updates).toHaveLength(2);
  });

  it('carries a DataError with its code, not just a message', async () => {
    opened = connect();
    const failure = await opened.remote.live
      .subscribe(
        'nao-existe' as 'connectivity',
        undefined,
        proxy(() => undefined),
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DataError);
    expect(failure).toMatchObject({ code: 'unknown_query', diagnostic: 'nao-existe' });
  });

  it('turns unexpected errors into DataError("internal") instead of losing them', () => {
    const error = DataError.from(new TypeError('boom'));
    expect(error.code).toBe('internal');
    expect(error.diagnostic).toBe('boom');
  });
});
