// The client screens with the network off from the first step after sign-in, at 360 px and 1280 px: create a
// client, add a debit, register a payment (balance and statement follow live), edit, delete; invalid inputs show
// the spec's messages on their fields; nothing spills sideways, and a screenshot of each screen to look at.
import { expect, test, type Page } from '@playwright/test';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `clients-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`clients offline on a phone, each screen also on a desktop: create, debit, payment, edit, delete`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `clientes-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  // The app shell is cached by the service worker; from here on the device has no network.
  await goOffline(page, context);
  await page.getByRole('link', { name: 'Clientes', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await shot(page, 'empty');

  // New client: the required fields first, then a valid one.
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Cliente' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  const required = 'Por favor, preencha o nome e telefone do cliente.';
  await expect(page.getByLabel('Nome')).toHaveAccessibleDescription(required);
  await expect(page.getByLabel('Telefone')).toHaveAccessibleDescription(required);
  await expect(page.getByText('Campos obrigatórios')).toBeVisible();
  await shot(page, 'form-invalid');
  await page.getByLabel('Nome').fill('Joana Conceição');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('Observações').fill('Paga no dia 10');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Conceição' })).toBeVisible();
  await expect(page.getByText('(11) 98765-4321')).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText('Sem débitos');
  await expect(page.getByText('Nenhum lançamento ainda.')).toBeVisible();

  // Debit: an invalid amount, then 50,00.
  await page.getByRole('button', { name: 'Adicionar Débito' }).click();
  const debit = page.getByRole('dialog', { name: 'Adicionar Débito' });
  await debit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit.getByLabel('Valor (R$)')).toHaveAccessibleDescription(
    'Valor inválido: Por favor, informe um valor válido maior que zero.',
  );
  await shot(page, 'debit-invalid');
  await debit.getByLabel('Valor (R$)').fill('50,00');
  await debit.getByLabel('Descrição (opcional)').fill('Compras da semana');
  await debit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit).toBeHidden();
  await expect(page.getByText('Débito adicionado')).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}50,00`);
  const statement = page.getByRole('list', { name: 'Extrato' });
  await expect(statement.getByRole('listitem')).toHaveCount(1);
  await expect(statement.getByRole('listitem').first()).toContainText('Compras da semana');

  // Payment: above the balance is refused, then 20,50.
  await page.getByRole('button', { name: 'Registrar Pagamento' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar Pagamento' });
  await payment.getByLabel('Valor (R$)').fill('60');
  await payment.getByRole('button', { name: 'Confirmar' }).click();
  await expect(payment.getByLabel('Valor (R$)')).toHaveAccessibleDescription(
    'Valor excede o débito: O valor do pagamento não pode ser maior que o débito atual.',
  );
  await shot(page, 'payment-exceeds');
  await payment.getByLabel('Valor (R$)').fill('20,50');
  await payment.getByRole('button', { name: 'Confirmar' }).click();
  await expect(payment).toBeHidden();
  await expect(page.getByText('Pagamento registrado')).toBeVisible();
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}29,50`);
  await expect(statement.getByRole('listitem')).toHaveCount(2);
  await expect(statement.getByRole('listitem').first()).toContainText(`Saldo R$${NBSP}29,50`);
  const whatsapp = page.getByRole('link', { name: 'WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5511987654321\?text=.*29%2C50/);
  await shot(page, 'detail');

  // The list shows the client with the balance and the fiado mark; the search ignores accents and case.
  await page.getByRole('link', { name: 'Voltar para clientes' }).click();
  await page.getByLabel('Buscar cliente por nome').fill('JOANA CONCEICAO');
  await expect(page).toHaveURL(/q=JOANA/);
  const row = page.getByRole('list', { name: 'Clientes' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('(11) 98765-4321');
  await expect(row).toContainText(`R$${NBSP}29,50`);
  await expect(row).toContainText('Fiado');
  await shot(page, 'list');
  await page.getByLabel('Buscar cliente por nome').fill('ninguém');
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await page.getByLabel('Buscar cliente por nome').fill('');
  await row.getByRole('link').click();

  // Edit: a cleared phone is refused on its field, then a new name is saved.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue('Joana Conceição');
  await page.getByLabel('Telefone').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByLabel('Telefone')).toHaveAccessibleDescription(required);
  await page.getByLabel('Telefone').pressSequentially('2133334444');
  await page.getByLabel('Nome').fill('Joana C. Silva');
  await shot(page, 'edit');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente atualizado offline')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana C. Silva' })).toBeVisible();
  await expect(page.getByText('(21) 3333-4444')).toBeVisible();

  // Delete with confirmation; the address then leads to the not-found state.
  const detailUrl = page.url();
  await page.getByRole('button', { name: 'Excluir Cliente' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir Cliente' });
  await expect(confirm).toContainText('Joana C. Silva');
  await shot(page, 'delete');
  await confirm.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(page.getByText('Cliente excluído')).toBeVisible();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
  await page.goto(detailUrl);
  await expect(page.getByText('Cliente não encontrado')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para clientes' }).first()).toBeVisible();
  await shot(page, 'not-found');
});
