// The worker's probe of the server: offline when requests fail even if navigator.onLine says otherwise.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReachability, type ReachabilitySource } from '../../workers/system/reachability.ts';

let server: Server | undefined;
let source: ReachabilitySource | undefined;

afterEach(async () => {
  source?.stop();
  if (server?.listening)
    await new Promise<void>((resolve) =>
      server?.close(() => {
        resolve();
      }),
    );
});

async function listenOnce(): Promise<string> {
  server = createServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) =>
    server?.listen(0, '127.0.0.1', () => {
      resolve();
    }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
}

describe('reachability probe', () => {
  it('counts any HTTP answer as reachable, a refused connection as not, and recovers', async () => {
    const url = await listenOnce();
    source = createReachability({ probeUrl: url, intervalOnlineMs: 60_000, intervalOfflineMs: 60_000 });
    await expect(source.check()).resolves.toBe(true);
    expect(source.current().online).toBe(true);

    await new Promise<void>((resolve) =>
      server?.close(() => {
        resolve();
      }),
    );
    await expect(source.check()).resolves.toBe(false);
    expect(source.current().online).toBe(false);

    const port = new URL(url).port;
    server = createServer((_request, response) => response.writeHead(200).end('ok'));
    await new Promise<void>((resolve) =>
      server?.listen(Number(port), '127.0.0.1', () => {
        resolve();
      }),
    );
    await expect(source.check()).resolves.toBe(true);
  });

  it('when the page says the network is back, retries quickly until the server answers', async () => {
    const url = await listenOnce();
    let refusals = 2;
    const flaky: typeof fetch = (input, init) => {
      if (refusals > 0) {
        refusals--;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return fetch(input, init);
    };
    // The usual interval is a minute: only the quick retries can bring it back within the test.
    source = createReachability({
      probeUrl: url,
      fetch: flaky,
      intervalOnlineMs: 60_000,
      intervalOfflineMs: 60_000,
      wakeRetriesMs: [10, 20, 40],
    });
    await expect(source.check()).resolves.toBe(false);
    await expect(source.wake()).resolves.toBe(true);
    expect(source.current().online).toBe(true);
  });
});
