// A browser that has never held the owner's data, on a slow connection: every screen that reads history says
// 'Baixando seus dados…' with its progress until the data is in, never an empty list or a zero first, and the
// sale screen works meanwhile. Then the real figures appear. Once the device is ready to sell (the catalogue, the
// bases and today's facts are in) the sale screen shows the exact stock while the older facts still download.
import { expect, test, type Page, type Route } from '@playwright/test';
import { windowStart } from '../workers/sync/window.ts';
import { serviceRest } from './support/admin.ts';
import { createConfirmedOwner, PASSWORD, shot } from './support/owner.ts';

declare global {
  interface Window {
    /** The false texts seen on screen since the page started loading. */
    falseTexts?: string[];
  }
}

/** What a screen would wrongly say of this owner, who has a client and a product below its minimum. */
const FALSE_TEXTS = ['Nenhum cliente encontrado', 'Cliente não encontrado', 'Todos os produtos estão com estoque adequado!'];

async function expectNoFalseTexts(page: Page): Promise<void> {
  expect(await page.evaluate(() => window.falseTexts ?? ['watcher missing'])).toEqual([]);
}

function watchForFalseTexts(texts: readonly string[]) {
  const seen: string[] = [];
  window.falseTexts = seen;
  const check = () => {
    const shown = document.querySelector('body')?.textContent ?? '';
    for (const text of texts) {
      // Where it appeared, to tell which screen said it.
      const entry = `${text} (${location.pathname})`;
      if (shown.includes(text) && !seen.includes(entry)) seen.push(entry);
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** Holds every pull until released, so the download is visibly under way. */
async function holdPulls(page: Page): Promise<() => void> {
  const held: Route[] = [];
  let open = false;
  await page.route('**/rest/v1/rpc/replicate_pull', async (route) => {
    if (open) await route.continue();
    else held.push(route);
  });
  return () => {
    open = true;
    for (const route of held.splice(0)) void route.continue().catch(() => undefined);
  };
}

test('a new browser says it is downloading, never shows false emptiness, and sells meanwhile', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `baixando-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  await serviceRest('clientes', { user_id: userId, nome: 'Rosa Amaral' });
  await serviceRest('produtos', { user_id: userId, nome: 'Feijão carioca 1kg', preco: 8.5, unidade: 'un', estoque_minimo: 5 });

  await page.addInitScript(watchForFalseTexts, FALSE_TEXTS);
  const release = await holdPulls(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const downloading = page.getByRole('heading', { name: 'Baixando seus dados…' });
  await expect(downloading).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progresso do download' })).toBeVisible();
  await shot(page, 'first-download', 360);
  await expectNoFalseTexts(page);
  await page.goto('/clients');
  await expect(downloading).toBeVisible();

  // Selling does not wait for history.
  await page.getByRole('link', { name: 'Ir para Nova Venda' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { name: 'Nova Venda' })).toBeVisible();
  await expect(downloading).toHaveCount(0);
  // The sale screen's lists fill in as the data arrives, under a line that says the download is running.
  await expect(page.getByRole('status').filter({ hasText: 'Baixando seus dados…' }).first()).toBeVisible();
  await expect(page.getByText('Nenhum produto encontrado')).toHaveCount(0);

  release();
  await page.getByRole('link', { name: 'Início' }).first().click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Feijão carioca 1kg')).toBeVisible();
  await expectNoFalseTexts(page);
  await page.goto('/clients');
  await expect(page.getByText('Rosa Amaral')).toBeVisible();
  await expectNoFalseTexts(page);

  // Known from now on: a reload goes straight to the figures.
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'first-download-done', 1280);
});

/** Holds the pulls of the whole window (the older part of a new device's download) until released. */
async function holdWindowPulls(page: Page): Promise<{ held(): number; release(): void }> {
  const held: Route[] = [];
  let open = false;
  const start = windowStart(Date.now());
  await page.route('**/rest/v1/rpc/replicate_pull', async (route) => {
    const body = route.request().postDataJSON() as { p_desde?: string } | null;
    if (open || body?.p_desde !== start) await route.continue();
    else held.push(route);
  });
  return {
    held: () => held.length,
    release() {
      open = true;
      for (const route of held.splice(0)) void route.continue().catch(() => undefined);
    },
  };
}

test('a new browser sells with the exact stock while the older facts still download', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `pronto-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  const DAY = 86_400_000;
  let counter = 0;
  const hlcAt = (ms: number) => `${ms.toString(36).padStart(11, '0')}:${(counter++).toString(36).padStart(5, '0')}:semente`;
  const item = (produto: string, quantidade: number) => ({
    produto_id: produto,
    quantidade,
    preco_unitario: 8.5,
    preco_total: quantidade * 8.5,
    nome_produto: 'Feijão carioca 1kg',
    unidade_produto: 'un',
  });
  await serviceRest('clientes', { user_id: userId, nome: 'Rosa Amaral' });
  const [feijao] = await serviceRest<{ id: string }[]>('produtos?select=id', {
    user_id: userId,
    nome: 'Feijão carioca 1kg',
    preco: 8.5,
    unidade: 'un',
    estoque_minimo: 5,
  });
  const produto = feijao?.id ?? '';
  // Counted 50 twelve days ago, 3 sold five days ago, 2 sold today: 45 on the shelf.
  await serviceRest('historico_estoque', {
    user_id: userId,
    produto_id: produto,
    tipo: 'ajuste',
    quantidade: 50,
    hlc: hlcAt(Date.now() - 12 * DAY),
  });
  const fiveDaysAgo = Date.now() - 5 * DAY;
  await serviceRest('vendas', {
    user_id: userId,
    data: new Date(fiveDaysAgo).toISOString().slice(0, 10),
    total: 25.5,
    tipo: 'avista',
    hlc: hlcAt(fiveDaysAgo),
    itens: [item(produto, 3)],
  });
  await serviceRest('vendas', {
    user_id: userId,
    total: 17,
    tipo: 'avista',
    hlc: hlcAt(Date.now() - 1_000),
    itens: [item(produto, 2)],
  });

  const older = await holdWindowPulls(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const downloading = page.getByRole('heading', { name: 'Baixando seus dados…' });
  await expect(downloading).toBeVisible();

  await page.getByRole('link', { name: 'Ir para Nova Venda' }).click();
  await expect(page.getByRole('heading', { name: 'Nova Venda' })).toBeVisible();
  // Ready to sell: the line saying the download runs goes, and the stock is the fold of every fact.
  await expect(page.getByRole('status').filter({ hasText: 'Baixando seus dados…' })).toHaveCount(0, { timeout: 60_000 });
  const list = page.getByRole('list', { name: 'Produtos' });
  await expect(list.getByText('Estoque: 45 un')).toBeVisible();
  // The older part is asked for once the device is ready to sell, and held.
  await expect.poll(() => older.held()).toBeGreaterThan(0);
  await list.getByRole('button', { name: 'Adicionar Feijão carioca 1kg ao carrinho' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await shot(page, 'first-download-ready-to-sell', 360);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'first-download-ready-to-sell', 1280);
  await page.setViewportSize({ width: 360, height: 740 });

  // The client list reads balances only: it opens; the history screens still wait for the older facts.
  await page.goto('/clients');
  await expect(page.getByText('Rosa Amaral')).toBeVisible();
  await page.goto('/dashboard');
  await expect(downloading).toBeVisible();
  // The reload keeps the first phase done: the progress does not go back.
  const progress = page.getByRole('progressbar', { name: 'Progresso do download' });
  await expect(progress).toBeVisible();
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(70);
  await shot(page, 'first-download-history', 360);

  older.release();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible({ timeout: 60_000 });
});
