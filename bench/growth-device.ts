// The growth bench's measurements of one owner in Chromium, each given up after a cap (null: "more than the cap"):
// a new device from 'Entrar' to selling with exact stock and to every fact on it (bytes, IndexedDB, worker heap),
// warm starts of the dashboard and of /sales, 'Finalizar Venda' to its toast, the year's report to its first chart,
// and a sale on one device to its stock painted on another.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { OwnerExpectations, SaleProduct } from './growth-expectations.ts';
import {
  SALE_ROWS_PROBE,
  SALE_TOAST_PROBE,
  STOCK_PAINT_PROBE,
  countStackBytes,
  indexedDbBytes,
  storedDocuments,
  workerHeap,
  type GrowthSaleProbeWindow,
  type SaleRowsProbeWindow,
  type StockPaintProbeWindow,
} from './growth-probes.ts';
import { REPORTS_PROBE } from './ui-reports.ts';

export interface DeviceSetup {
  readonly browser: Browser;
  readonly site: string;
  readonly stackUrl: string;
  readonly email: string;
  readonly password: string;
  /** How long any one figure may take before it is given up. */
  readonly capMs: number;
}

/** A phone: the bottom bar holds 'Início', 'Vendas' and 'Mais'. */
const PHONE = { viewport: { width: 360, height: 740 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' } as const;
/** The toast of a sale the server has (src/i18n/new-sale.pt-BR.ts). */
const DONE = 'Venda concluída';
/** Rows of the sale list that must read their server stock. */
const ROWS_IN_VIEW = 3;

/** Thrown when a wait passes its cap (Playwright's own waits throw an error of the same name). */
function pastCap(): Error {
  return Object.assign(new Error('passou do limite'), { name: 'TimeoutError' });
}

/** Runs `wait`, which rejects with a TimeoutError past its cap: null then, the error otherwise. */
async function capped<T>(wait: () => Promise<T>): Promise<T | null> {
  try {
    return await wait();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') return null;
    throw error;
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });

/** A new phone on the login page, the owner's email and password typed. */
async function openPhone(setup: DeviceSetup): Promise<{ context: BrowserContext; page: Page }> {
  const context = await setup.browser.newContext(PHONE);
  for (const probe of [SALE_ROWS_PROBE, SALE_TOAST_PROBE, STOCK_PAINT_PROBE, REPORTS_PROBE]) {
    await context.addInitScript({ content: probe });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${setup.site}/login`);
  await page.getByLabel('Email').fill(setup.email);
  await page.getByLabel('Senha', { exact: true }).fill(setup.password);
  return { context, page };
}

async function openSales(page: Page): Promise<void> {
  await nav(page).getByRole('link', { name: 'Vendas' }).click();
  await page.waitForURL(/\/sales$/);
}

/** Waits until the sale list's rows in view read their server stock; resolves with the page's performance.now(). */
async function rowsExact(page: Page, expected: Record<string, string>, timeout: number, minimum = ROWS_IN_VIEW): Promise<number> {
  const handle = await page.waitForFunction(
    (arg) => (window as unknown as SaleRowsProbeWindow).growthRows(arg.expected, arg.minimum) && performance.now(),
    { expected, minimum },
    { timeout, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** The result of a frame probe armed in the page, within `timeout` (a TimeoutError past it). */
async function probeResult(page: Page, read: (timeout: number) => Promise<number>, timeout: number): Promise<number> {
  return page.evaluate(read, timeout).catch((error: unknown) => {
    if (String(error).includes('no matching frame')) throw pastCap();
    throw error;
  });
}

export interface NewDeviceFigures {
  /** 'Entrar' → the sale list reading the server's stock (ms). */
  readyMs: number | null;
  /** 'Entrar' → every sale, stock fact, fiado entry and expense of the device's window stored on it (ms). */
  wholeMs: number | null;
  /** What the stack sent until then, as it travelled (bytes; null when the history never arrived). */
  pulledBytes: number | null;
  /** The same answers' bodies unpacked: the JSON the worker read (bytes). */
  pulledJsonBytes: number | null;
  indexedDbBytes: number | null;
  /** The data worker's highest JS heap seen meanwhile (bytes, sampled every second). */
  heapPeakBytes: number | null;
}

/** A new device signs in and syncs; it stays open (on /sales) for the figures that follow. */
export async function newDevice(
  setup: DeviceSetup,
  expect: OwnerExpectations,
): Promise<{ figures: NewDeviceFigures; context: BrowserContext; page: Page }> {
  const { context, page } = await openPhone(setup);
  const heap = await workerHeap(setup.browser, page);
  const bytes = countStackBytes(context, setup.stackUrl);
  const sampling = setInterval(() => {
    heap.sample().catch(() => undefined);
  }, 1_000);
  const expectedDocuments = await expect.documentCounts();
  const stock = await expect.stockTexts();
  const started = performance.now();
  const deadline = started + setup.capMs;
  const left = () => Math.max(1, deadline - performance.now());
  try {
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const ready = await capped(async () => {
      await page.waitForURL(/\/dashboard$/, { timeout: left() });
      await openSales(page);
      await rowsExact(page, stock, left());
      return performance.now() - started;
    });
    const whole = await capped(async () => {
      for (;;) {
        const stored = await storedDocuments(page, Object.keys(expectedDocuments));
        if (Object.entries(expectedDocuments).every(([name, count]) => (stored[name] ?? 0) >= count)) {
          return performance.now() - started;
        }
        if (performance.now() > deadline) throw pastCap();
        await page.waitForTimeout(500);
      }
    });
    await heap.sample().catch(() => undefined);
    const pulled = whole === null ? null : await bytes.total();
    return {
      figures: {
        readyMs: ready,
        wholeMs: whole,
        pulledBytes: pulled?.wire ?? null,
        pulledJsonBytes: pulled?.decoded ?? null,
        indexedDbBytes: whole === null ? null : await indexedDbBytes(page),
        heapPeakBytes: heap.peak > 0 ? heap.peak : null,
      },
      context,
      page,
    };
  } finally {
    clearInterval(sampling);
    bytes.stop();
    await heap.close();
  }
}

/** Waits until the dashboard shows today's sales and the week's count as the server has them; performance.now(). */
async function dashboardExact(page: Page, expect: OwnerExpectations, timeout: number): Promise<number> {
  const { today, week } = await expect.todayAndWeek();
  const handle = await page.waitForFunction(
    (arg) => {
      const card = document.querySelector('[data-testid="today-sales"]');
      const count = document.querySelector('[data-testid="kpi-count"] dd')?.textContent ?? '';
      const shown = Array.from(card?.querySelectorAll('p') ?? [], (p) => p.textContent);
      return shown.includes(arg.todayText) && count === String(arg.week) && performance.now();
    },
    { todayText: today === 1 ? '1 venda' : `${today} vendas`, week },
    { timeout, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Opens `path` and waits until `ready` (untimed: the app is warm once it has shown it), then `times` reloads, each
 * timed from the navigation's start to `ready` in the new document, ms.
 */
async function warmReloads(
  page: Page,
  setup: DeviceSetup,
  path: string,
  ready: () => Promise<number>,
  times: number,
): Promise<(number | null)[]> {
  await page.goto(`${setup.site}${path}`, { waitUntil: 'commit', timeout: setup.capMs });
  if ((await capped(ready)) === null) return [null];
  const samples: (number | null)[] = [];
  for (let i = 0; i < times; i += 1) {
    await page.reload({ waitUntil: 'commit', timeout: setup.capMs });
    const shown = await capped(ready);
    samples.push(shown);
    if (shown === null) break;
  }
  return samples;
}

/** Reloads of /dashboard to its figures painted (today's sales and the week's count as the server has them), ms. */
export function warmDashboard(
  page: Page,
  setup: DeviceSetup,
  expect: OwnerExpectations,
  times: number,
): Promise<(number | null)[]> {
  return warmReloads(page, setup, '/dashboard', () => dashboardExact(page, expect, setup.capMs), times);
}

/** Reloads of /sales to the rows in view reading the server's stock, ms. */
export function warmSales(page: Page, setup: DeviceSetup, expect: OwnerExpectations, times: number): Promise<(number | null)[]> {
  return warmReloads(page, setup, '/sales', async () => rowsExact(page, await expect.stockTexts(), setup.capMs), times);
}

/** Puts one unit of `product` in the cart by its barcode and opens the cart. */
async function fillCart(page: Page, product: SaleProduct): Promise<void> {
  await openSales(page);
  const barcode = page.getByRole('textbox', { name: 'Código de barras' });
  await barcode.fill(product.codigo_barras);
  await barcode.press('Enter');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="cart-count"]')?.textContent === '1' &&
      document.querySelector<HTMLInputElement>('input[aria-label="Código de barras"]')?.value === '',
  );
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  await page.getByRole('list', { name: 'Itens do carrinho' }).waitFor();
}

/** 'Finalizar Venda' → the 'Venda concluída' toast painted, `rounds` sales of one unit (after one untimed), ms. */
export async function saleToToast(
  page: Page,
  setup: DeviceSetup,
  product: SaleProduct,
  rounds: number,
): Promise<(number | null)[]> {
  const samples: (number | null)[] = [];
  for (let round = -1; round < rounds; round += 1) {
    await fillCart(page, product);
    await page.waitForFunction(
      (text) => !Array.from(document.querySelectorAll('[data-sonner-toast]')).some((toast) => toast.textContent.includes(text)),
      DONE,
    );
    await page.evaluate((text) => {
      (window as unknown as GrowthSaleProbeWindow).growthSaleBench.arm(text);
    }, DONE);
    await page.getByRole('dialog').getByRole('button', { name: 'Finalizar Venda' }).click();
    const ms = await capped(() =>
      probeResult(page, (timeout) => (window as unknown as GrowthSaleProbeWindow).growthSaleBench.result(timeout), setup.capMs),
    );
    if (round >= 0) samples.push(ms);
    if (ms === null) break;
    await page.waitForURL(/\/reports$/, { timeout: setup.capMs });
  }
  return samples;
}

/** Waits (within the cap) until the server holds, inside the window, every sale stored on the device; null past it. */
async function serverHoldsDeviceSales(page: Page, setup: DeviceSetup, expect: OwnerExpectations): Promise<true | null> {
  const onDevice = (await storedDocuments(page, ['vendas'])).vendas ?? 0;
  return capped(async () => {
    const deadline = performance.now() + setup.capMs;
    while (((await expect.documentCounts()).vendas ?? 0) < onDevice) {
      if (performance.now() > deadline) throw pastCap();
      await page.waitForTimeout(500);
    }
    return true as const;
  });
}

interface ReportsProbeWindow {
  reportsBench: { arm(target: { kind: 'reports'; count: number }): void; result(timeoutMs: number): Promise<number> };
}

/**
 * The report of the whole history (a custom period from the first sale's day to today): opened once (untimed, until
 * it counts every sale), then `rounds` times back from the dashboard to its first chart painted with every sale, ms.
 */
export async function yearReport(
  page: Page,
  setup: DeviceSetup,
  expect: OwnerExpectations,
  rounds: number,
): Promise<(number | null)[]> {
  // The expected count is the server's: the sales just made on this device must have reached it first.
  if ((await serverHoldsDeviceSales(page, setup, expect)) === null) {
    console.info('  · relatório: as vendas do aparelho não chegaram ao servidor');
    return [null];
  }
  const { from, to, count } = await expect.reportRange();
  const opened = await capped(async () => {
    await page.goto(`${setup.site}/reports?periodo=custom&de=${from}&ate=${to}`, { waitUntil: 'commit', timeout: setup.capMs });
    await page.waitForFunction(
      (expected) =>
        (document.querySelector('[data-testid="revenue-chart"][data-painted="true"]')?.getAttribute('aria-label') ?? '').includes(
          ` em ${expected} vendas`,
        ),
      count,
      { timeout: setup.capMs },
    );
    return true;
  });
  if (opened === null) {
    console.info(`  · relatório: esperava ${count} vendas de ${from} a ${to}; na tela: ${await screenSays(page)}`);
    return [null];
  }
  const samples: (number | null)[] = [];
  for (let round = 0; round < rounds; round += 1) {
    await nav(page).getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.evaluate((value) => {
      (window as unknown as ReportsProbeWindow).reportsBench.arm({ kind: 'reports', count: value });
    }, count);
    await page.goBack();
    const ms = await capped(() =>
      probeResult(page, (timeout) => (window as unknown as ReportsProbeWindow).reportsBench.result(timeout), setup.capMs),
    );
    samples.push(ms);
    if (ms === null) {
      console.info(`  · relatório: esperava ${count} vendas; na tela: ${await screenSays(page)}`);
      break;
    }
  }
  return samples;
}

/** What the report's chart and the sync badge say (for a report given up). */
async function screenSays(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.querySelector('[data-testid="revenue-chart"]')?.getAttribute('aria-label') ?? 'nenhum gráfico',
      document.querySelector('[data-testid="pending-changes"]')?.getAttribute('aria-label') ?? 'nada pendente',
      location.pathname + location.search,
    ].join(' | '),
  );
}

/**
 * A second device (B) signs in and shows `product` on its sale list with the server's stock; then `rounds` times
 * device A sells one unit of it: from the tap on A's 'Finalizar Venda' to B painting the new stock, ms.
 */
export async function saleAtoB(
  a: Page,
  setup: DeviceSetup,
  expect: OwnerExpectations,
  product: SaleProduct,
  rounds: number,
): Promise<(number | null)[]> {
  const { context, page: b } = await openPhone(setup);
  try {
    await b.getByRole('button', { name: 'Entrar', exact: true }).click();
    await b.waitForURL(/\/dashboard$/);
    await openSales(b);
    await b.getByRole('searchbox', { name: 'Buscar produto por nome ou marca' }).fill(product.nome);
    // Every sale A holds is on the server: B must come to the server's stock.
    if ((await serverHoldsDeviceSales(a, setup, expect)) === null) return [null];
    let stock = await expect.stockOf(product);
    const line = () => `Estoque: ${expect.formatStock(stock, product)}`;
    const ready = await capped(() => rowsExact(b, { [product.nome]: line() }, setup.capMs, 1));
    if (ready === null) return [null];
    const samples: (number | null)[] = [];
    for (let round = 0; round < rounds; round += 1) {
      stock -= 1;
      const text = line();
      await fillCart(a, product);
      await b.evaluate(() => {
        (window as unknown as StockPaintProbeWindow).growthStock.reset();
      });
      await a.getByRole('dialog').getByRole('button', { name: 'Finalizar Venda' }).click();
      const painted = await capped(async () => {
        await b.waitForFunction(
          (value) => (window as unknown as StockPaintProbeWindow).growthStock.paintedAt(value) !== null,
          text,
          { timeout: setup.capMs },
        );
        const onB = await b.evaluate((value) => (window as unknown as StockPaintProbeWindow).growthStock.paintedAt(value), text);
        const tap = await a.evaluate(() => (window as unknown as StockPaintProbeWindow).growthStock.tappedAt());
        if (onB === null || tap === null) throw new Error('toque ou pintura sem carimbo');
        return onB - tap;
      });
      samples.push(painted);
      if (painted === null) break;
      await a.waitForURL(/\/reports$/, { timeout: setup.capMs });
    }
    return samples;
  } finally {
    await context.close();
  }
}
