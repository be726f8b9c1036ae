// Fiado the way the spec asks, offline at 360 px and 1280 px: a new fiado client starts with a balance (the
// statement's first debit, 'Saldo inicial'), the edit form shows it read-only; a wrong entry is reversed with a
// reason and stays in the statement marked 'Estornado'; a customer made from a fiado sale needs only a name.
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `fiado-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

/** Today as the statement shows it (the browser's time zone is São Paulo). */
function todayShown(): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

test(`fiado on a phone, each screen also on a desktop: opening balance, reversal, a sale's customer without phone`, async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  const email = `fiado-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await goOffline(page, context);

  // A new fiado client with an opening balance: the field appears once 'Cliente fiado' is checked.
  await page.goto('/clients/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Cliente' })).toBeVisible();
  await expect(page.getByLabel('Saldo devedor')).toHaveCount(0);
  await page.getByLabel('Nome', { exact: true }).fill('Joana Conceição');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('checkbox', { name: 'Cliente fiado' }).check();
  await page.getByLabel('Saldo devedor').fill('35,00');
  await shot(page, 'new-client');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}35,00`);
  const statement = page.getByRole('list', { name: 'Extrato' });
  await expect(statement.getByRole('listitem')).toHaveCount(1);
  await expect(statement.getByRole('listitem').first()).toContainText('Saldo inicial');

  // Editing shows the flag and the balance, read-only.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Cliente fiado' })).toBeChecked();
  await expect(page.getByLabel('Saldo devedor')).toHaveValue(`R$${NBSP}35,00`);
  await expect(page.getByLabel('Saldo devedor')).not.toBeEditable();
  await shot(page, 'edit-client');
  await page.getByRole('link', { name: 'Cancelar' }).click();

  // The opening balance was wrong: reversed with a reason, never edited.
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}35,00`);
  await shot(page, 'statement-before');
  await statement.getByRole('button', { name: `Estornar Débito de R$${NBSP}35,00 em ${todayShown()}` }).click();
  const reversal = page.getByRole('dialog', { name: 'Estornar lançamento' });
  await reversal.getByRole('button', { name: 'Estornar' }).click();
  await expect(reversal.getByLabel('Motivo do estorno')).toHaveAccessibleDescription('Informe o motivo do estorno.');
  await reversal.getByLabel('Motivo do estorno').fill('Valor anotado errado');
  await shot(page, 'reversal');
  await reversal.getByRole('button', { name: 'Estornar' }).click();
  await expect(reversal).toBeHidden();
  await expect(page.getByText('Lançamento estornado')).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText('Sem débitos');
  await expect(statement.getByRole('listitem')).toHaveCount(2);
  await expect(statement.getByRole('listitem').first()).toContainText('Estorno');
  await expect(statement.getByRole('listitem').first()).toContainText('Valor anotado errado');
  await expect(statement.getByRole('listitem').nth(1)).toContainText('Estornado');
  await expect(statement.getByRole('button', { name: /^Estornar/ })).toHaveCount(0);
  await shot(page, 'statement');

  // A fiado sale's new customer: only the name.
  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Arroz Branco');
  await page.getByLabel('Preço de venda (R$)').fill('25');
  await page.getByLabel('Estoque inicial').fill('10');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await page.goto('/sales');
  await page.getByRole('list', { name: 'Produtos' }).getByRole('button', { name: 'Adicionar Arroz Branco ao carrinho' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  const cart = page.getByRole('dialog');
  await cart.getByText('Fiado', { exact: true }).click();
  await cart.getByRole('button', { name: 'Novo cliente' }).click();
  const customer = page.getByRole('dialog', { name: 'Novo Cliente' });
  await customer.getByLabel('Nome').fill('Ana Souza');
  await customer.getByLabel('Telefone').fill('(81) 99');
  await customer.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(customer.getByLabel('Telefone')).toHaveAccessibleDescription(
    'Telefone inválido. Informe o DDD e o número, com 8 ou 9 dígitos: (81) 99999-8888.',
  );
  await customer.getByLabel('Telefone').fill('');
  await customer.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();
  await expect(customer).toBeHidden();
  await expect(cart.getByRole('button', { name: 'Cliente: Ana Souza' })).toBeVisible();
  await shot(page, 'sale-customer');
});
