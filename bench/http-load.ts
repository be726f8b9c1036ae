// An HTTP load generator in its own thread, so the client's cost (fetch) does not share the event loop of the
// stack being measured: N requests, C at a time, after a warm-up; `{i}` in the URL becomes the request number.
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  total: number;
  concurrency: number;
  warmup?: number;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, method, headers, body, total, concurrency, warmup } = workerData;
async function run(count, offset) {
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const index = offset + next++;
      const response = await fetch(url.replaceAll('{i}', String(index)), { method, headers, body });
      if (!response.ok) throw new Error(method + ' ' + url + ' answered ' + response.status + ': ' + (await response.text()));
      await response.arrayBuffer();
    }
  }));
  return performance.now() - started;
}
run(warmup, 0)
  .then(() => run(total, warmup))
  .then((ms) => parentPort.postMessage({ ms }), (error) => parentPort.postMessage({ error: String((error && error.stack) || error) }));
`;

/** Milliseconds the `total` measured requests took. */
export function loadFromThread(spec: LoadSpec): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { method: 'GET', headers: {}, body: undefined, warmup: 0, ...spec },
    });
    worker.once('message', (message: { ms?: number; error?: string }) => {
      void worker.terminate();
      if (message.error !== undefined || message.ms === undefined) reject(new Error(message.error ?? 'carga sem resultado'));
      else resolve(message.ms);
    });
    worker.once('error', reject);
  });
}
