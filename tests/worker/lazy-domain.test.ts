// Domains whose code loads on first use: loaded once and kept, a failed load is an 'offline' DataError and is tried
// again, and over the worker boundary the admin domain answers as before.
import { afterEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { createDataApi, type DataApi } from '../../workers/api.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { connectRemoteApi } from '../../workers/contract/remote.ts';
import { deferredHandlers } from '../../workers/lazy-domain.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

function counterDomain() {
  let total = 0;
  return {
    add(amount: number) {
      total += amount;
      return total;
    },
  };
}

describe('deferred domain handlers', () => {
  it('loads the code on the first call only, and keeps it', async () => {
    let loads = 0;
    const handlers = deferredHandlers(() => {
      loads += 1;
      return Promise.resolve(counterDomain());
    });
    expect(loads).toBe(0);
    await expect(handlers.add(2)).resolves.toBe(2);
    await expect(handlers.add(3)).resolves.toBe(5);
    expect(loads).toBe(1);
  });

  it("a load that fails is an 'offline' error, and the next call tries again", async () => {
    let attempts = 0;
    const handlers = deferredHandlers(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(counterDomain());
    });
    const failed = await handlers.add(1).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DataError);
    expect(failed).toMatchObject({ code: 'offline' });
    await expect(handlers.add(1)).resolves.toBe(1);
    expect(attempts).toBe(2);
  });

  it('the admin domain answers across the boundary, its code loaded on the call', async () => {
    const api = createDataApi({ appVersion: '1.0.0', connectivity: createManualConnectivity(false) });
    const channel = new MessageChannel();
    channels.push(channel);
    expose(api, channel.port1);
    const remote = connectRemoteApi<DataApi>(channel.port2);
    const refused = await remote.admin.dashboard().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataError);
    expect(refused).toMatchObject({ code: 'offline' });
  });
});
