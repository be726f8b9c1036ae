// A browser that has never held the owner's data, on a slow connection: every screen that reads history says
// 'Baixando seus dados…' with its progress until the data is in, never an empty list or a zero first, and the
// sale screen works meanwhile. Then the real figures appear.
import { expect, test, type Page, type Route } from '@playwright/test';
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
