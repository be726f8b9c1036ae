// The public product lookup (docs/product.md §7) through the real data API over a MessageChannel, against a local fixture
// server standing for the Brazil and world hosts: Brazil first, then world; a code looked up once resolves from
// the device's cache when no host answers. Nothing here reaches the internet.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expose } from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApi, type DataApi } from '../../workers/api.ts';
import { createMemoryStore } from '../../workers/account/kv-store.ts';
import { DataError } from '../../workers/contract/errors.ts';
import { connectRemoteApi } from '../../workers/contract/remote.ts';
import { createManualConnectivity } from '../../workers/system/connectivity.ts';

/** What each host knows, by code: the JSON body it answers (status 0 when absent). */
const known: Record<'br' | 'world', Record<string, unknown>> = {
  br: {
    '7891000100103': {
      status: 1,
      product: { product_name: 'Leite Condensado', brands: 'Moça,Nestlé', image_url: 'https://img.example/moca.jpg' },
    },
  },
  world: {
    '3017620422003': {
      status: 1,
      product: { product_name: 'Nutella', brands: 'Ferrero', image_url: 'https://img.example/nutella.jpg' },
    },
  },
};
const requests: string[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = request.url ?? '';
    requests.push(url);
    const match = /^\/(br|world)\/api\/v0\/product\/([^/]+)\.json$/u.exec(url);
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    const [, host, code] = match as unknown as [string, 'br' | 'world', string];
    if (code === '5000000000005') {
      response.writeHead(500).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(known[host][code] ?? { status: 0, status_verbose: 'product not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function openDevice(cache: ReturnType<typeof createMemoryStore>, hosts: string[]) {
  const channel = new MessageChannel();
  expose(
    createDataApi({ appVersion: 'teste', connectivity: createManualConnectivity(false), barcodeLookup: { hosts, cache } }),
    channel.port1,
  );
  const remote = connectRemoteApi<DataApi>(channel.port2);
  return {
    remote,
    close: () => {
      channel.port1.close();
      channel.port2.close();
    },
  };
}

describe('barcode lookup', () => {
  it('asks the Brazil host first and stops there when it knows the code', async () => {
    const device = openDevice(createMemoryStore(), [`${base}/br`, `${base}/world`]);
    requests.length = 0;
    const result = await device.remote.barcode.lookup('7891000100103');
    expect(result).toEqual({
      status: 'found',
      product: { name: 'Leite Condensado', brand: 'Moça', imageUrl: 'https://img.example/moca.jpg' },
    });
    expect(requests).toEqual(['/br/api/v0/product/7891000100103.json']);
    device.close();
  });

  it('falls back to the world host on a Brazil miss, then resolves from the cache with no host reachable', async () => {
    const cache = createMemoryStore();
    const online = openDevice(cache, [`${base}/br`, `${base}/world`]);
    requests.length = 0;
    const first = await online.remote.barcode.lookup('3017620422003');
    expect(first).toEqual({
      status: 'found',
      product: { name: 'Nutella', brand: 'Ferrero', imageUrl: 'https://img.example/nutella.jpg' },
    });
    expect(requests).toEqual(['/br/api/v0/product/3017620422003.json', '/world/api/v0/product/3017620422003.json']);
    online.close();

    // The reloaded page, offline: nothing listens at these hosts; the device's store still has the answer.
    const offline = openDevice(cache, ['http://127.0.0.1:9/br', 'http://127.0.0.1:9/world']);
    requests.length = 0;
    expect(await offline.remote.barcode.lookup('3017620422003')).toEqual(first);
    expect(requests).toEqual([]);
    expect(await offline.remote.barcode.lookup('7891000100103')).toEqual({ status: 'unavailable' });
    offline.close();
  });

  it('answers not_found when both hosts say status 0, and unavailable when no host answers', async () => {
    const device = openDevice(createMemoryStore(), [`${base}/br`, `${base}/world`]);
    expect(await device.remote.barcode.lookup('1234567890128')).toEqual({ status: 'not_found' });
    expect(await device.remote.barcode.lookup('5000000000005')).toEqual({ status: 'unavailable' });
    device.close();
  });

  it('refuses a code that is blank or would change the address', async () => {
    const device = openDevice(createMemoryStore(), [`${base}/br`]);
    await expect(device.remote.barcode.lookup('')).rejects.toBeInstanceOf(DataError);
    await expect(device.remote.barcode.lookup('../x')).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ code: 'invalid_format' }],
    });
    device.close();
  });
});
