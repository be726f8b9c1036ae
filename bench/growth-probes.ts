// What the growth bench reads from a device in Chromium: the documents each collection holds (counted in the
// IndexedDB stores of the device's database), the origin's IndexedDB usage, the data worker's JS heap (CDP, on the
// worker's own target), the bytes the stack sent, and page probes for the sale's toast and another device's screen.
import type { Browser, BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { frameProbe } from './frame-probe.ts';

/**
 * Documents per collection on the device: RxDB's Dexie storage keeps one IndexedDB database per collection
 * (`rxdb-dexie-<database>--<schema version>--<collection>`) with the documents in its `docs` store.
 */
export async function storedDocuments(page: Page, collections: readonly string[]): Promise<Record<string, number>> {
  return page.evaluate(async (names) => {
    const counts: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
    for (const info of await indexedDB.databases()) {
      const name = info.name ?? '';
      const collection = names.find((candidate) => name.startsWith('rxdb-dexie-') && name.endsWith(`--${candidate}`));
      if (!collection) continue;
      counts[collection] = await new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => {
          reject(opening.error ?? new Error(`indexedDB.open(${name})`));
        };
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('docs')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('docs', 'readonly').objectStore('docs').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => {
            db.close();
            reject(count.error ?? new Error('count'));
          };
        };
      });
    }
    return counts;
  }, collections);
}

/** The origin's IndexedDB usage in bytes (navigator.storage.estimate; all storage when not itemised). */
export async function indexedDbBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const estimate = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    return estimate.usageDetails?.indexedDB ?? estimate.usage ?? 0;
  });
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  browserContextId?: string;
}

/**
 * The data worker's JS heap (Runtime.getHeapUsage on its own target, reached through the browser's CDP session):
 * `sample()` reads it now and keeps the highest value seen in `peak`.
 */
export interface HeapSampler {
  sample(): Promise<number>;
  readonly peak: number;
  close(): Promise<void>;
}

export async function workerHeap(browser: Browser, page: Page): Promise<HeapSampler> {
  const own: CDPSession = await page.context().newCDPSession(page);
  const { targetInfo } = (await own.send('Target.getTargetInfo')) as unknown as { targetInfo: TargetInfo };
  await own.detach();
  const session = await browser.newBrowserCDPSession();
  const find = async (): Promise<TargetInfo> => {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { targetInfos } = (await session.send('Target.getTargets')) as unknown as { targetInfos: TargetInfo[] };
      const worker = targetInfos.find(
        (target) =>
          target.type === 'worker' && target.browserContextId === targetInfo.browserContextId && /data\.worker/.test(target.url),
      );
      if (worker) return worker;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('o worker de dados não apareceu');
  };
  const worker = await find();
  const { sessionId } = await session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false });
  let next = 0;
  const waiting = new Map<number, (used: number) => void>();
  session.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const message = JSON.parse(event.message) as { id?: number; result?: { usedSize?: number } };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result?.usedSize ?? 0);
    waiting.delete(message.id);
  });
  let peak = 0;
  return {
    get peak() {
      return peak;
    },
    async sample() {
      next += 1;
      const id = next;
      const used = new Promise<number>((resolve) => waiting.set(id, resolve));
      await session.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
      });
      const value = await used;
      peak = Math.max(peak, value);
      return value;
    },
    async close() {
      await session.detach().catch(() => undefined);
    },
  };
}

/** What the stack at `stackUrl` sent to `context`: every response's bytes as received (headers and the body as it
 * travelled, gzipped where the stack compressed it), and its bodies' JSON as the worker read it. */
export interface ByteCounter {
  /** The totals so far, once the responses already finished have been measured. */
  total(): Promise<{ wire: number; decoded: number }>;
  stop(): void;
}

export function countStackBytes(context: BrowserContext, stackUrl: string): ByteCounter {
  let wire = 0;
  let decoded = 0;
  const measuring = new Set<Promise<void>>();
  const onFinished = (request: Request) => {
    if (!request.url().startsWith(stackUrl)) return;
    const measured = Promise.all([request.sizes(), request.response().then((response) => response?.body())])
      .then(([sizes, body]) => {
        wire += sizes.responseBodySize + sizes.responseHeadersSize;
        decoded += body?.byteLength ?? 0;
      })
      .catch(() => undefined)
      .finally(() => measuring.delete(measured));
    measuring.add(measured);
  };
  context.on('requestfinished', onFinished);
  return {
    async total() {
      await Promise.all([...measuring]);
      return { wire, decoded };
    },
    stop() {
      context.off('requestfinished', onFinished);
    },
  };
}

/** What the sale's toast probe answers; the evaluated callbacks cast `window` to this. */
export interface GrowthSaleProbeWindow {
  growthSaleBench: { arm(text: string): void; result(timeoutMs: number): Promise<number> };
}

/**
 * From the tap on 'Finalizar Venda' to the first frame showing a toast with the armed text. The same message is
 * refreshed in place while it is on screen (src/ui/toast.ts), so a measurement is armed only once it has gone.
 */
export const SALE_TOAST_PROBE = frameProbe({
  global: 'growthSaleBench',
  start: { on: 'document', event: 'click' },
  ready: String.raw`(text) => Array.from(document.querySelectorAll('[data-sonner-toast]')).some(
    (toast) => (toast.textContent || '').includes(text))`,
});

/** What STOCK_PAINT_PROBE answers. */
export interface StockPaintProbeWindow {
  growthStock: { paintedAt(text: string): number | null; tappedAt(): number | null; reset(): void };
}

/**
 * When each stock text of the sale list's rows was first painted since the last reset (epoch ms, comparable between
 * the pages of one browser), and when 'Finalizar Venda' was last tapped.
 */
export const STOCK_PAINT_PROBE = String.raw`(() => {
  const painted = new Map();
  let tapped = null;
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.textContent.trim() === 'Finalizar Venda') tapped = now();
  }, true);
  const check = () => {
    const list = document.querySelector('ul[aria-label="Produtos"]');
    if (!list) return;
    for (const row of list.querySelectorAll(':scope > li p')) {
      const text = row.textContent || '';
      if (text.startsWith('Estoque: ') && !painted.has(text)) {
        painted.set(text, null);
        requestAnimationFrame(() => painted.set(text, now()));
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  window.growthStock = {
    paintedAt: (text) => painted.get(text) ?? null,
    tappedAt: () => tapped,
    /** Forgets what was painted (a text seen before counts again from now). */
    reset: () => { painted.clear(); tapped = null; check(); },
  };
})();`;

/** What SALE_ROWS_PROBE answers. */
export interface SaleRowsProbeWindow {
  growthRows(expected: Record<string, string>, minimum: number): boolean;
}

/**
 * `growthRows(expected, minimum)`: true when the sale list shows at least `minimum` rows of products in `expected`
 * (name → 'Estoque: …' as the row writes it) and every such row in view reads exactly its expected stock.
 */
export const SALE_ROWS_PROBE = String.raw`(() => {
  window.growthRows = (expected, minimum) => {
    const list = document.querySelector('ul[aria-label="Produtos"]');
    if (!list) return false;
    let seen = 0;
    for (const row of list.querySelectorAll(':scope > li')) {
      const label = row.querySelector('button[aria-label^="Adicionar "]')?.getAttribute('aria-label') ?? '';
      const name = label.replace(/^Adicionar /, '').replace(/ ao carrinho$/, '');
      if (!name || !(name in expected)) continue;
      const shown = Array.from(row.querySelectorAll('p'), (p) => p.textContent ?? '').find((text) => text.startsWith('Estoque: '));
      if (shown !== expected[name]) return false;
      seen += 1;
    }
    return seen >= minimum;
  };
})();`;
