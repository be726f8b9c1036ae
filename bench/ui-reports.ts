// The reports page in Chromium for bench/ui.bench.ts: 90 days × 100 sales a day seeded on the server (pulled by
// the device when the page reloads), then the route change to /reports over those 90 days (back to the page, as
// an owner returning to it) timed to the first frame of its revenue chart painted with every sale counted,
// against the same route change back to the static 'Menu Principal' page measured in the same page.
import type { Page } from '@playwright/test';
import { frameProbe } from './frame-probe.ts';
import type { RunningStack } from '../supabase/local/stack.ts';

const DAYS = 90;
const SALES_PER_DAY = 100;
const ITEMS_PER_SALE = 3;
const INSERT_BATCH = 500;
const ROUNDS = 10;
/** Products the sale bench fills its cart with (the first by name) are never sold here: their stock stays 0. */
const SPARED = 50;

/** What REPORTS_PROBE answers; the evaluated callbacks cast `window` to this. */
interface ReportsProbeWindow {
  reportsBench: {
    arm(target: { kind: 'reports'; count: number } | { kind: 'static' }): void;
    result(timeoutMs: number): Promise<number>;
  };
}

/**
 * Installed in every document as plain script text. A measurement starts at the 'popstate' of the history step
 * and ends in the first animation frame after the DOM mutation that made the screen show the target: the
 * revenue chart marked painted and labelled with the expected number of sales, or the 'Menu Principal' title.
 */
export const REPORTS_PROBE = frameProbe({
  global: 'reportsBench',
  start: { on: 'window', event: 'popstate' },
  ready: String.raw`(target) => {
  if (target.kind === 'static') return document.getElementById('page-title')?.textContent === 'Menu Principal';
  const chart = document.querySelector('[data-testid="revenue-chart"][data-painted="true"]');
  return !!chart && (chart.getAttribute('aria-label') || '').includes(' em ' + target.count + ' vendas');
}`,
});

export interface ReportProduct {
  readonly id: string;
  readonly nome: string;
}

/** A calendar date in São Paulo, `days` from `now`. */
function spDate(now: number, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(now + days * 86_400_000));
}

/** The 90 days ending today in São Paulo, as the custom range of the page's address. */
export function reportRange(now = Date.now()): { from: string; to: string } {
  return { from: spDate(now, -(DAYS - 1)), to: spDate(now, 0) };
}

/**
 * 90 days × 100 sales of the owner `email` on the server, three products each (never the first `SPARED` by
 * name), à vista and fiado-free, between 08:00 and 20:00 in São Paulo. Returns how many sales were stored.
 */
export async function seedSalesHistory(stack: RunningStack, email: string, products: readonly ReportProduct[]): Promise<number> {
  const key = stack.serviceRoleKey;
  const headers = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const found = await fetch(`${stack.url}/rest/v1/users?select=id&email=eq.${encodeURIComponent(email)}`, { headers });
  if (!found.ok) throw new Error(`users: ${found.status} ${await found.text()}`);
  const userId = ((await found.json()) as { id: string }[])[0]?.id;
  if (!userId) throw new Error(`owner ${email} not found`);
  const sellable = [...products].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')).slice(SPARED);
  const methods = ['dinheiro', 'cartao', 'pix'];
  const now = Date.now();
  const rows: unknown[] = [];
  for (let day = 0; day < DAYS; day += 1) {
    const data = spDate(now, -day);
    for (let n = 0; n < SALES_PER_DAY; n += 1) {
      const minutes = 8 * 60 + Math.floor((n * 12 * 60) / SALES_PER_DAY);
      // São Paulo is UTC−3 all year (no daylight saving since 2019).
      const created = new Date(`${data}T00:00:00Z`).getTime() + (minutes + 180) * 60_000;
      const itens = Array.from({ length: ITEMS_PER_SALE }, (_, k) => {
        const product = sellable[(day * SALES_PER_DAY * ITEMS_PER_SALE + n * ITEMS_PER_SALE + k) % sellable.length];
        const quantidade = 1 + ((n + k) % 3);
        const preco = 2 + ((day + n + k) % 30);
        return {
          produto_id: product?.id,
          quantidade,
          preco_unitario: preco,
          preco_total: quantidade * preco,
          nome_produto: product?.nome,
          marca_produto: null,
          unidade_produto: 'un',
        };
      });
      rows.push({
        user_id: userId,
        data,
        tipo: 'avista',
        forma_pagamento: methods[n % methods.length],
        total: itens.reduce((sum, item) => sum + item.preco_total, 0),
        itens,
        created_at: new Date(created).toISOString(),
        updated_at: new Date(created).toISOString(),
      });
    }
  }
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const response = await fetch(`${stack.url}/rest/v1/vendas`, {
      method: 'POST',
      headers: { ...headers, prefer: 'return=minimal' },
      body: JSON.stringify(rows.slice(start, start + INSERT_BATCH)),
    });
    if (!response.ok) throw new Error(`insert vendas: ${response.status} ${await response.text()}`);
  }
  return rows.length;
}

/**
 * Opens /reports over the 90 days (untimed: loads the page's and the chart's code and waits until the device has
 * every seeded sale), then, ten times each, steps back in history from the dashboard to that report and to
 * 'Menu Principal', timing each from the history step to its first frame on screen.
 */
export async function reportsFirstChart(
  page: Page,
  site: string,
  seeded: number,
): Promise<{ reports: number[]; statics: number[] }> {
  const { from, to } = reportRange();
  const reportsUrl = `${site}/reports?periodo=custom&de=${from}&ate=${to}`;
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  const arm = (target: { kind: 'reports'; count: number } | { kind: 'static' }) =>
    page.evaluate((value) => {
      (window as unknown as ReportsProbeWindow).reportsBench.arm(value);
    }, target);
  const result = () => page.evaluate((ms) => (window as unknown as ReportsProbeWindow).reportsBench.result(ms), 30_000);

  await page.goto(reportsUrl);
  const chart = page.getByTestId('revenue-chart');
  // Every seeded sale (and any the other benches made today) is on the device and counted.
  await page.waitForFunction(
    (minimum) => {
      const label =
        document.querySelector('[data-testid="revenue-chart"][data-painted="true"]')?.getAttribute('aria-label') ?? '';
      const match = / em (\d+) vendas/.exec(label);
      return match !== null && Number(match[1]) >= minimum;
    },
    seeded,
    { timeout: 180_000 },
  );
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const count = Number(/ em (\d+) vendas/.exec(label)?.[1] ?? NaN);

  const reports: number[] = [];
  const statics: number[] = [];
  const toDashboard = async () => {
    await nav.getByRole('link', { name: 'Início' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard-greeting').waitFor();
  };
  const painted = () => page.locator('[data-testid="revenue-chart"][data-painted="true"]').waitFor();
  // History: … report → dashboard (back: the report); report → menu → dashboard (back: the menu); back once more
  // from the menu returns to the report for the next round. No reload: the app and its worker stay warm.
  for (let round = -1; round < ROUNDS; round += 1) {
    await toDashboard();
    await arm({ kind: 'reports', count });
    await page.goBack();
    const shown = await result();
    await nav.getByRole('link', { name: 'Mais' }).click();
    await page.waitForURL(/\/more$/);
    await toDashboard();
    await arm({ kind: 'static' });
    await page.goBack();
    const menu = await result();
    await page.goBack();
    await page.waitForURL(/\/reports\?/);
    await painted();
    if (round >= 0) {
      reports.push(shown);
      statics.push(menu);
    }
  }
  return { reports, statics };
}
