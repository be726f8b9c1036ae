// First contact on a cheap phone (360×740, CPU 4× slower, 1.6 Mbps down / 750 kbps up / 150 ms RTT): cold and warm
// LCP of '/', '/login' and '/dashboard' (signed in), time from the first visit to offline-ready (service worker
// active, shell precached), bytes moved, and the gzip weight of every JS chunk of the build, each against its goal.
// Runs on its own stack, build and preview (bench/browser-app.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { RunningStack } from '../supabase/local/stack.ts';
import { signInAt, withBrowserApp } from './browser-app.ts';
import type { BenchFigure } from './figures.ts';

const PASSWORD = 'Senha@123';
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;
const CPU_SLOWDOWN = 4;
/** 1.6 Mbps down, 750 kbps up, 150 ms round trip (bytes per second for CDP). */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const GOAL = { coldLcpMs: 2_000, warmLcpMs: 500, offlineReadyMs: 10_000, entryKiB: 100, workerKiB: 200 } as const;
/** How many of the largest lazy chunks are listed one by one (the rest are summed). */
const LISTED_CHUNKS = 8;

/** Records the page's largest contentful paint (ms from navigation start) on `window.loadBenchLcp`. */
const LCP_PROBE = String.raw`(() => {
  window.loadBenchLcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.loadBenchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

interface LcpWindow {
  loadBenchLcp: number;
}

interface PhoneSession {
  readonly page: Page;
  readonly cdp: CDPSession;
  /** Bytes received by the page (encoded, as on the wire) since the session opened. */
  bytes(): number;
}

/** A new page slowed like a cheap phone on a weak mobile connection, counting the bytes it receives. */
async function slowPhonePage(context: BrowserContext): Promise<PhoneSession> {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let received = 0;
  cdp.on('Network.loadingFinished', (event) => {
    received += event.encodedDataLength;
  });
  return { page, cdp, bytes: () => received };
}

/** Opens `url` and returns its LCP once `painted` is visible and two frames have passed. */
async function lcpOf(page: Page, url: string, painted: string): Promise<number> {
  await page.goto(url);
  await page.locator(painted).first().waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            resolve((window as unknown as LcpWindow).loadBenchLcp);
          }),
        );
      }),
  );
}

/** Milliseconds from the page's navigation start until a service worker is active (its precache is complete). */
async function offlineReadyAt(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return performance.now();
  });
}

/** Waits until the service worker has also cached the optional chunks the build lists (none in builds without the
 * list): the warm visit then meets an installed app at rest, as on the next day's first start. */
async function optionalChunksCached(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const response = await fetch('/optional-assets.json');
      const urls: unknown = await response.json().catch(() => []);
      if (!Array.isArray(urls)) return true;
      const cached = await Promise.all(urls.map((url) => caches.match(String(url))));
      return cached.every((found) => found !== undefined);
    },
    undefined,
    { polling: 250, timeout: 120_000 },
  );
}

async function newOwner(stack: RunningStack, email: string): Promise<void> {
  const key = stack.serviceRoleKey;
  const response = await fetch(`${stack.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'Joana Prado', nome_mercado: 'Mercadinho Prado' },
    }),
  });
  if (!response.ok) throw new Error(`admin/users: ${response.status} ${await response.text()}`);
}

interface ChunkWeight {
  readonly file: string;
  readonly gzipBytes: number;
}

/** The gzip weight of every JS file of the build: the entry (index.html's module script), the data worker, the rest. */
function chunkWeights(outDir: string): { entry: ChunkWeight; worker: ChunkWeight; lazy: ChunkWeight[]; initialBytes: number } {
  const assets = join(outDir, 'assets');
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const weigh = (file: string): ChunkWeight => ({ file, gzipBytes: gzipSync(readFileSync(join(assets, file))).length });
  const all = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map(weigh);
  const entryFile = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  const entry = all.find((chunk) => chunk.file === entryFile);
  const worker = all.find((chunk) => /^data\.worker-.*\.js$/.test(chunk.file));
  if (!entry || !worker) throw new Error('o build não tem a entrada ou o worker de dados (data.worker-*.js)');
  const referenced = new Set(Array.from(html.matchAll(/\/assets\/([^"]+\.(?:js|css))"/g), (match) => match[1]));
  const initialBytes = Array.from(referenced, (file) => gzipSync(readFileSync(join(assets, file ?? ''))).length).reduce(
    (sum, size) => sum + size,
    0,
  );
  const lazy = all.filter((chunk) => chunk !== entry && chunk !== worker).sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { entry, worker, lazy, initialBytes };
}

/** What the service worker downloads before it is active (its precache), gzip as served over a compressing link. */
function precacheWeight(outDir: string): { files: number; gzipBytes: number } {
  const serviceWorker = readFileSync(join(outDir, 'sw.js'), 'utf8');
  const urls = Array.from(serviceWorker.matchAll(/url:"([^"]+)"/g), (match) => match[1] ?? '');
  const gzipBytes = urls.reduce((sum, url) => sum + gzipSync(readFileSync(join(outDir, url))).length, 0);
  return { files: urls.length, gzipBytes };
}

const kib = (bytes: number) => bytes / 1024;
const verdict = (value: number, goal: number) => (value <= goal ? 'ok' : 'acima da meta');

function timing(name: string, ms: number, goalMs: number): BenchFigure {
  return { name: `${name} [${verdict(ms, goalMs)}]`, value: ms / 1000, unit: 's', target: `≤ ${goalMs / 1000} s` };
}

/** Cold (nothing cached) then warm (service worker installed) LCP of a public page on a fresh phone. */
async function publicPage(browser: Browser, site: string, path: string, painted: string): Promise<BenchFigure[]> {
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: LCP_PROBE });
  try {
    const phone = await slowPhonePage(context);
    const cold = await lcpOf(phone.page, `${site}${path}`, painted);
    const ready = await offlineReadyAt(phone.page);
    const bytes = phone.bytes();
    await optionalChunksCached(phone.page);
    const warm = await lcpOf(phone.page, `${site}${path}`, painted);
    return [
      timing(`${path} LCP frio`, cold, GOAL.coldLcpMs),
      timing(`${path} LCP quente`, warm, GOAL.warmLcpMs),
      timing(`${path} primeira visita → pronto offline`, ready, GOAL.offlineReadyMs),
      { name: `${path} bytes da primeira visita (página)`, value: kib(bytes), unit: 'KiB' },
    ];
  } finally {
    await context.close();
  }
}

/** '/dashboard' signed in: cold (browser cache and service worker cleared, local data kept), then warm. */
async function dashboard(browser: Browser, site: string, stack: RunningStack): Promise<BenchFigure[]> {
  const email = `bench-load-${Date.now()}@exemplo.com.br`;
  await newOwner(stack, email);
  const context = await browser.newContext(PHONE);
  await context.addInitScript({ content: LCP_PROBE });
  try {
    const setup = await context.newPage();
    setup.setDefaultTimeout(120_000);
    await signInAt(setup, site, email, PASSWORD);
    await setup.getByTestId('dashboard-greeting').waitFor();
    const setupCdp = await context.newCDPSession(setup);
    await setupCdp.send('Network.clearBrowserCache');
    await setupCdp.send('Storage.clearDataForOrigin', { origin: site, storageTypes: 'service_workers,cache_storage' });
    await setup.close();
    const phone = await slowPhonePage(context);
    const cold = await lcpOf(phone.page, `${site}/dashboard`, '[data-testid="dashboard-greeting"]');
    await offlineReadyAt(phone.page);
    await optionalChunksCached(phone.page);
    const warm = await lcpOf(phone.page, `${site}/dashboard`, '[data-testid="dashboard-greeting"]');
    return [
      timing('/dashboard LCP frio (com sessão)', cold, GOAL.coldLcpMs),
      timing('/dashboard LCP quente (com sessão)', warm, GOAL.warmLcpMs),
    ];
  } finally {
    await context.close();
  }
}

function weights(outDir: string): BenchFigure[] {
  const { entry, worker, lazy, initialBytes } = chunkWeights(outDir);
  const figure = (name: string, chunk: ChunkWeight, goal?: number): BenchFigure => ({
    name: goal === undefined ? `${name} (${chunk.file})` : `${name} (${chunk.file}) [${verdict(kib(chunk.gzipBytes), goal)}]`,
    value: kib(chunk.gzipBytes),
    unit: 'KiB gz',
    ...(goal === undefined ? {} : { target: `≤ ${goal} KiB gz` }),
  });
  const precache = precacheWeight(outDir);
  const rest = lazy.slice(LISTED_CHUNKS).reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return [
    figure('entrada', entry, GOAL.entryKiB),
    figure('worker de dados', worker, GOAL.workerKiB),
    { name: 'referenciado por index.html (JS + CSS)', value: kib(initialBytes), unit: 'KiB gz' },
    { name: `precache do service worker (${precache.files} arquivos)`, value: kib(precache.gzipBytes), unit: 'KiB gz' },
    ...lazy.slice(0, LISTED_CHUNKS).map((chunk) => figure('sob demanda', chunk)),
    { name: `outros ${lazy.length - LISTED_CHUNKS} chunks sob demanda`, value: kib(rest), unit: 'KiB gz' },
  ];
}

export default async function loadBench(): Promise<BenchFigure[]> {
  return withBrowserApp('load', async ({ stack, site, outDir, browser }) => [
    ...weights(outDir),
    ...(await publicPage(browser, site, '/', 'h1')),
    ...(await publicPage(browser, site, '/login', 'h1')),
    ...(await dashboard(browser, site, stack)),
  ]);
}
