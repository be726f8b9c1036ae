// Money typed the Brazilian way, at 360 px and 1280 px with the network off: '1.234,56' in 'Preço de venda' is
// stored and shown as R$ 1.234,56; '-10' in 'Adicionar Débito' gets the field's error and records nothing.
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `money-input-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`money typed the Brazilian way on a phone, each screen also on a desktop`, async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `valores-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await goOffline(page, context);

  // A price with a thousands dot and cents after the comma.
  await page.getByRole('link', { name: 'Produtos', exact: true }).filter({ visible: true }).first().click();
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await page.getByLabel('Nome do produto').fill('Televisão');
  const preco = page.getByLabel('Preço de venda (R$)');
  await preco.fill('-10');
  await preco.blur();
  await expect(preco).toHaveAccessibleDescription('O valor não pode ser negativo.');
  await preco.fill('1234,5');
  await preco.blur();
  await expect(preco).toHaveValue('1.234,50');
  await preco.fill('1.234,56');
  await preco.blur();
  await expect(preco).toHaveValue('1.234,56');
  await shot(page, 'price');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Televisão' })).toContainText(`R$${NBSP}1.234,56`);
  await page
    .getByRole('link', { name: /Televisão/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Televisão' })).toBeVisible();
  await expect(page.getByText(`R$${NBSP}1.234,56`).first()).toBeVisible();

  // A negative debit is refused on its field and nothing is recorded.
  await page.getByRole('link', { name: 'Clientes', exact: true }).filter({ visible: true }).first().click();
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  // The list's 'Buscar cliente por nome' also answers to 'Nome': fill the form once it is on the screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Cliente' })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Joana Conceição');
  await page.getByLabel('Telefone').pressSequentially('81987654321');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Conceição' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar Débito' }).click();
  const debit = page.getByRole('dialog', { name: 'Adicionar Débito' });
  await debit.getByLabel('Valor (R$)').fill('-10');
  await debit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit.getByLabel('Valor (R$)')).toHaveAccessibleDescription(
    'Valor inválido: Por favor, informe um valor válido maior que zero.',
  );
  await shot(page, 'debit-negative');
  await page.keyboard.press('Escape');
  await expect(debit).toBeHidden();
  await expect(page.getByTestId('saldo')).toHaveText('Sem débitos');
  await expect(page.getByText('Nenhum lançamento ainda.')).toBeVisible();
});
