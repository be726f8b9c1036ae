// At 360 px: 'Sincronizar agora' says how it went ('Erro ao sincronizar' with the reason offline or refused,
// 'Sincronização concluída' once all is sent); a product the server refuses (its cap went down under what the
// device knew) is listed with its reason and the ways out; 'Sair' warns that leaving discards what the server
// refused, and leaves. A product past the server's cap typed in at '/products/new' gets the cap dialog.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, shot as screenshot, signIn } from './support/owner.ts';

const SYNC_TIMEOUT = 20_000;
const WIDTH = 360;
const shot = (page: Page, name: string) => screenshot(page, `refused-${name}`, WIDTH);

/** The free plan's product cap on the server (read with the service key, never through the app). */
async function setServerProductCap(products: number): Promise<void> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/rest/v1/system_settings?key=eq.free_plan_limits`, {
    method: 'PATCH',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ value: { products, clients: 100 } }),
  });
  expect(response.ok).toBe(true);
}

/** From the product list, without reloading (the device keeps the cap it learnt when it opened). */
async function createProduct(page: Page, nome: string): Promise<void> {
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await page.getByLabel('Nome do produto').fill(nome);
  await page.getByLabel('Preço de venda (R$)').fill('5');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
}

test.afterEach(async () => {
  await setServerProductCap(50);
});

test('sync now, refused changes with their reason, and signing out past them, at 360 px', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 740 });
  const email = `recusadas-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  await signIn(page, email);
  await page.goto('/products');
  // The device learnt the server's cap; then the server's cap goes below what the device knows.
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 0/50');
  await setServerProductCap(0);

  // Offline: the product waits here, and 'Sincronizar agora' says why nothing was sent.
  await context.setOffline(true);
  await createProduct(page, 'Arroz Tio João');
  const indicator = page.getByTestId('pending-changes');
  await indicator.click();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByText('Erro ao sincronizar')).toBeVisible();
  await expect(page.getByText('Você está offline. As alterações ficam guardadas neste aparelho')).toBeVisible();
  await shot(page, 'offline-toast');
  await page.keyboard.press('Escape');

  // Online: the server refuses it; the panel says what and why, with the ways out.
  await context.setOffline(false);
  const refused = page.getByTestId('refused-change');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await indicator.click();
    await expect(refused.filter({ hasText: 'Arroz Tio João' })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: SYNC_TIMEOUT });
  const product = refused.filter({ hasText: 'Arroz Tio João' });
  await expect(product).toContainText('Limite de produtos do Plano Gratuito atingido.');
  await expect(product.getByRole('link', { name: 'Assinar Premium' })).toBeVisible();
  await expect(product.getByRole('button', { name: 'Descartar Arroz Tio João' })).toBeVisible();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByText(/recusadas? pelo servidor\. Limite de produtos do Plano Gratuito atingido\./)).toBeVisible();
  await shot(page, 'panel');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(product).toBeVisible();
  await screenshot(page, 'refused-panel', 1280);
  await page.setViewportSize({ width: WIDTH, height: 740 });

  // The cap goes up again: 'Sincronizar agora' sends the product and says so.
  await setServerProductCap(50);
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByText('Sincronização concluída')).toBeVisible({ timeout: SYNC_TIMEOUT });
  await expect(page.getByText('Todos os dados foram sincronizados com sucesso.')).toBeVisible();
  await expect(page.getByTestId('pending-changes')).toHaveCount(0);
  await shot(page, 'completed-toast');

  // The device learns the cap again when the connection returns.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 1/50', { timeout: SYNC_TIMEOUT });

  // Refused again, then 'Sair': a warning, and leaving discards it.
  await setServerProductCap(1);
  await createProduct(page, 'Feijão Carioca');

  // Opened again, the device knows the server's cap: '/products/new' typed directly gets the cap dialog.
  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Café Pilão');
  await page.getByLabel('Preço de venda (R$)').fill('12');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  const cap = page.getByRole('dialog', { name: 'Limite de produtos atingido' });
  await expect(cap).toContainText('O plano gratuito permite até 1 produtos.');
  await shot(page, 'cap-dialog');
  await cap.getByRole('button', { name: 'Agora não' }).click();

  await page.goto('/account');
  await expect(page.getByTestId('refused-change').filter({ hasText: 'Feijão Carioca' })).toBeVisible({ timeout: SYNC_TIMEOUT });
  await shot(page, 'account');
  await page.getByRole('button', { name: 'Sair' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Alterações recusadas pelo servidor' });
  await expect(warning).toContainText(
    /O servidor recusou \d+ alteraç(ão|ões) salvas? neste aparelho\. Ao sair, (ela será descartada|elas serão descartadas)\./,
  );
  await shot(page, 'sign-out-warning');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'refused-sign-out-warning', 1280);
  await warning.getByRole('button', { name: 'Descartar e sair' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: SYNC_TIMEOUT });
});
