// The header search offline at 360 px and 1280 px: a product and a client created offline through their forms are
// found with accents and case ignored, each result leads to its detail page; no text and no results have their
// own states; a screenshot of each to look at.
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedOwner, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `search-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Buscar' });
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Abrir busca' }).click();
  await box.fill(text);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-query')).toHaveText(`Você buscou por “${text.trim()}”.`);
}

test(`search offline on a phone, each screen also on a desktop: products and clients, links, no results`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `busca-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await context.setOffline(true);
  await page.reload();

  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Busca' })).toBeVisible();
  await expect(page.getByText('Busque produtos e clientes')).toBeVisible();
  await shot(page, 'no-text');

  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Pão de Açúcar Joãozinho');
  await page.getByLabel('Preço de venda (R$)').pressSequentially('350');
  await page.getByLabel('Estoque inicial').fill('12');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();

  await page.goto('/clients/new');
  await page.getByLabel('Nome').fill('João Conceição');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();

  await searchFor(page, 'JOAO');
  const products = page.getByTestId('search-products-list');
  const clients = page.getByTestId('search-clients-list');
  await expect(products.getByRole('link')).toHaveCount(1);
  await expect(products).toContainText('Pão de Açúcar Joãozinho');
  await expect(products).toContainText('Estoque: 12 un');
  await expect(clients.getByRole('link')).toHaveCount(1);
  await expect(clients).toContainText('João Conceição');
  await expect(clients).toContainText('(11) 98765-4321');
  await expect(clients).toContainText('Sem débitos');
  await shot(page, 'results');

  await clients.getByRole('link', { name: /João Conceição/ }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await page.goBack();
  await products.getByRole('link', { name: /Pão de Açúcar/ }).click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);

  await searchFor(page, 'acucar');
  await expect(page.getByTestId('search-products-list').getByRole('link')).toHaveCount(1);
  await expect(page.getByTestId('search-clients-list')).toHaveCount(0);

  await searchFor(page, 'xyz');
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await shot(page, 'no-results');
});
