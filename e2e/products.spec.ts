// The product screens with the network off from the first step after sign-in, at 360 px and 1280 px: create
// products (one sold by kg), search ignoring accents, scroll to load the next page, stock entry and count, edit
// with the summary of changes, delete; invalid inputs show the spec's messages on their fields; nothing spills
// sideways, and a screenshot of each screen to look at.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `products-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

/** Fills the new-product form and saves it; back on the list afterwards. */
async function createProduct(
  page: Page,
  fields: { nome: string; preco: string; estoque?: string; unidade?: string; codigo?: string },
) {
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  if (fields.codigo) await page.getByRole('textbox', { name: 'Código de barras' }).fill(fields.codigo);
  await page.getByLabel('Nome do produto').fill(fields.nome);
  await page.getByLabel('Preço de venda (R$)').fill(fields.preco);
  if (fields.unidade) await page.getByLabel('Unidade', { exact: true }).selectOption(fields.unidade);
  if (fields.estoque) await page.getByLabel('Estoque inicial').fill(fields.estoque);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
}

test(`products offline on a phone, each screen also on a desktop: create, search, scroll, stock, edit, delete`, async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  const email = `produtos-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  await signIn(page, email);
  // The app shell is cached by the service worker; from here on the device has no network.
  await goOffline(page, context);
  await page.getByRole('link', { name: 'Produtos', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
  await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 0/50');
  await shot(page, 'empty');

  // Invalid inputs: the name emptied again, a description over 500 characters.
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const nome = page.getByLabel('Nome do produto');
  await nome.fill('x');
  await nome.fill('');
  await nome.blur();
  await expect(nome).toHaveAccessibleDescription('O nome do produto é obrigatório.');
  await expect(page.getByRole('button', { name: 'Salvar produto' })).toBeDisabled();
  const descricao = page.getByRole('textbox', { name: 'Descrição' });
  await descricao.fill('a'.repeat(501));
  await descricao.blur();
  await expect(descricao).toHaveAccessibleDescription(/A descrição pode ter no máximo 500 caracteres\./);
  await expect(page.getByText('501/500')).toBeVisible();
  // Prices: two decimals on blur, and the estimated margin (orange between 10 and 30 %).
  await nome.fill('Feijão Carioca');
  const preco = page.getByLabel('Preço de venda (R$)');
  await preco.fill('8,5');
  await preco.blur();
  await expect(preco).toHaveValue('8,50');
  await page.getByLabel('Preço de custo (R$)').fill('6');
  await expect(page.getByTestId('margin')).toHaveText('Margem estimada: 29,4%');
  await expect(page.getByTestId('margin')).toHaveClass(/text-orange-600/);
  await shot(page, 'form-invalid');
  // The draft outlives a reload.
  await page.reload();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('Feijão Carioca');
  await expect(page.getByLabel('Preço de venda (R$)')).toHaveValue('8,50');
  await expect(page.getByLabel('Preço de custo (R$)')).toHaveValue('6');
  await descricao.fill('Pacote de 1 kg');
  await page.getByRole('textbox', { name: 'Código de barras' }).fill('7891234567890');
  await page.getByLabel('Estoque inicial').fill('3');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  await createProduct(page, { nome: 'Carne moída', preco: '39,90', unidade: 'kg', estoque: '2,5' });
  for (let index = 1; index <= 10; index += 1) {
    await createProduct(page, { nome: `Produto ${String(index).padStart(2, '0')}`, preco: '1', estoque: '20' });
  }
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 12/50');

  // The barcode of another product: 'Produto já cadastrado' with 'Editar'. The saved drafts are gone.
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('');
  await page.getByRole('textbox', { name: 'Código de barras' }).fill('7891234567890');
  await expect(page.getByText('Este código de barras já existe. Deseja editar o produto?')).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Produto' })).toBeVisible();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('Feijão Carioca');
  await page.getByRole('link', { name: 'Voltar para produtos' }).click();

  // The list: a page of 10, the rest when scrolled to the end.
  const rows = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  await rows.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 5000);
  await expect(rows).toHaveCount(12);
  await expect(page.getByText('Todos os produtos carregados')).toBeVisible();
  await shot(page, 'list');

  // Search ignores accents and case.
  const search = page.getByLabel('Buscar produto pelo nome');
  await search.fill('feijao');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Feijão Carioca');
  await expect(rows.first()).toContainText('Estoque baixo');
  await search.fill('MOIDA');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2,5 kg');
  await rows.first().getByRole('link').click();

  // Detail: stock entry and count, the history follows.
  await expect(page.getByRole('heading', { level: 1, name: 'Carne moída' })).toBeVisible();
  await expect(page.getByTestId('current-stock')).toHaveText('2,5 kg');
  await page.getByRole('button', { name: 'Entrada de estoque' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByLabel('Quantidade (kg)')).toHaveAccessibleDescription('Informe a quantidade.');
  await dialog.getByLabel('Quantidade (kg)').fill('1,25');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Entrada registrada')).toBeVisible();
  await expect(page.getByTestId('current-stock')).toHaveText('3,75 kg');
  await page.getByRole('button', { name: 'Ajuste de estoque' }).click();
  await dialog.getByLabel('Quantidade (kg)').fill('3');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Estoque ajustado')).toBeVisible();
  await expect(page.getByTestId('current-stock')).toHaveText('3 kg');
  const history = page.getByTestId('stock-history').getByRole('listitem');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText('Ajuste');
  await expect(history.nth(1)).toContainText('Entrada');
  await expect(history.nth(1)).toContainText('Estoque: 3,75 kg');
  await shot(page, 'detail');

  // Edit: the summary of changes before saving.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Produto' })).toBeVisible();
  await expect(page.getByText('Nenhuma alteração.')).toBeVisible();
  const editPrice = page.getByLabel('Preço de venda (R$)');
  await editPrice.fill('42,9');
  await editPrice.blur();
  await expect(page.getByTestId('change-summary')).toHaveText(`Preço de venda: R$${NBSP}39,90 → R$${NBSP}42,90`);
  await shot(page, 'edit');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Produto atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Carne moída' })).toBeVisible();
  await expect(page.getByText(`R$${NBSP}42,90`)).toBeVisible();

  // Delete, confirmed.
  await page.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Excluir produto');
  await expect(page.getByRole('alertdialog')).toContainText('“Carne moída”');
  await shot(page, 'delete');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Produto excluído')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 11/50');

  // A product that does not exist.
  await page.goto('/products/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Produto não encontrado')).toBeVisible();
  await shot(page, 'not-found');
});

test('the free plan stops at 50 products: Novo produto opens the cap dialog pointing to the premium plan', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `produtos-limite-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' };
  const rows = Array.from({ length: 50 }, (_, index) => ({
    user_id: userId,
    nome: `Item ${String(index).padStart(2, '0')}`,
    preco: 2,
    unidade: 'un',
  }));
  const inserted = await fetch(`${STACK_URL}/rest/v1/produtos`, { method: 'POST', headers, body: JSON.stringify(rows) });
  expect(inserted.ok).toBe(true);

  await signIn(page, email);
  await page.goto('/products');
  await expect(page.getByTestId('product-counter')).toHaveText('Produtos: 50/50', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Novo produto' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Limite de produtos atingido');
  await shot(page, 'cap');
  await dialog.getByRole('link', { name: 'Ver plano Premium' }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
});
