// Low stock leads to its products, at 360 px and 1280 px: the dashboard's 'Ver todos os produtos' opens the list
// filtered to low stock (the filter shown, and removed with one tap), and a low-stock notification written on the
// server opens the product it names.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `low-stock-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

async function createProduct(page: Page, nome: string, estoque: string) {
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  await page.getByLabel('Nome do produto').fill(nome);
  await page.getByLabel('Preço de venda (R$)').fill('10');
  await page.getByLabel('Estoque inicial').fill(estoque);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
}

test(`low stock on a phone, each screen also on a desktop: the dashboard opens the filtered list, a notice opens its product`, async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `estoque-baixo-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  await signIn(page, email);
  // The minimum stock is 5 by default: 2 is low, 40 is not.
  await createProduct(page, 'Feijão Carioca', '2');
  await createProduct(page, 'Arroz Tipo 1', '40');

  await page.getByRole('link', { name: 'Início' }).filter({ visible: true }).first().click();
  await expect(page.getByTestId('low-stock').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('link', { name: 'Ver todos os produtos' }).click();
  await expect(page).toHaveURL(/\/products\?estoque=baixo$/);
  const rows = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Feijão Carioca');
  const filter = page.getByTestId('product-filter');
  await expect(filter).toContainText('Estoque baixo');
  await shot(page, 'filtered');
  await filter.getByRole('link', { name: 'Remover filtro Estoque baixo' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('product-filter')).toHaveCount(0);

  // The low-stock notice names the product; 'Ver produto' opens it and counts as read.
  await rows.filter({ hasText: 'Feijão Carioca' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const productId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('link', { name: 'Início' }).filter({ visible: true }).first().click();
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const inserted = await fetch(`${STACK_URL}/rest/v1/notificacoes`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      user_id: userId,
      tipo: 'estoque_baixo',
      mensagem: 'Feijão Carioca com estoque baixo (2 un)',
      lido: false,
      referencia_id: productId,
    }),
  });
  expect(inserted.ok, await inserted.clone().text()).toBe(true);
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Notificações: 1 não lidas' }).click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  await expect(panel.getByText('Feijão Carioca com estoque baixo (2 un)')).toBeVisible();
  await shot(page, 'notification');
  await panel.getByRole('link', { name: 'Ver produto' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${productId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Feijão Carioca' })).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});
