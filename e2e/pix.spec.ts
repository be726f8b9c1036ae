// PIX for the fiado reminder, at 360 px and 1280 px: without a key the client detail points to 'Minha Conta';
// the owner sets the key there (online), goes offline, and the client with a balance shows the QR code and the
// copia-e-cola code (also in the WhatsApp reminder), copied through the clipboard.
import { expect, test, type Page } from '@playwright/test';
import { pixPayload } from '../src/features/clients/pix.ts';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `pix-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`PIX on a phone, each screen also on a desktop: key on Minha Conta, QR code and copia-e-cola offline`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `pix-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Ana Lima', nome_mercado: 'Empório São João' });
  await signIn(page, email);

  // A client who owes 50,00.
  await page.goto('/clients/new');
  await page.getByLabel('Nome').fill('Joana Conceição');
  await page.getByLabel('Telefone').pressSequentially('11987654321');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Conceição' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar Débito' }).click();
  const debit = page.getByRole('dialog', { name: 'Adicionar Débito' });
  await debit.getByLabel('Valor (R$)').fill('50,00');
  await debit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit).toBeHidden();
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}50,00`);

  // No key yet: a hint that leads to 'Minha Conta'; the reminder has no code.
  const pix = page.getByRole('region', { name: 'PIX' });
  await expect(pix.getByTestId('pix-no-key')).toContainText('Cadastre sua chave PIX');
  await expect(page.getByRole('link', { name: 'WhatsApp' })).not.toHaveAttribute('href', /br\.gov\.bcb\.pix/);
  await shot(page, 'no-key');
  await pix.getByRole('link', { name: 'Minha Conta' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The key: junk refused on its field, then a CPF typed with punctuation, saved as digits.
  await page.getByRole('button', { name: 'Cadastrar chave PIX' }).click();
  await page.getByLabel('Chave PIX').fill('não é chave');
  await page.getByLabel('Cidade').fill('Olinda');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByLabel('Chave PIX')).toHaveAccessibleDescription(
    /^Chave PIX inválida\. Use CPF, CNPJ, e-mail, celular com \+55 ou chave aleatória\./,
  );
  await shot(page, 'account-invalid');
  await page.getByLabel('Chave PIX').fill('123.456.789-09');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Chave PIX salva')).toBeVisible();
  await expect(page.getByTestId('pix-key')).toHaveText('12345678909');
  await shot(page, 'account');

  // Offline from here: the key comes from the cached profile, the code is built on the device.
  await goOffline(page, context);
  await expect(page.getByTestId('pix-key')).toHaveText('12345678909');
  await page.getByRole('link', { name: 'Clientes', exact: true }).filter({ visible: true }).first().click();
  await page.getByRole('list', { name: 'Clientes' }).getByRole('listitem').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joana Conceição' })).toBeVisible();

  const expected = pixPayload({ key: '12345678909', merchantName: 'Empório São João', merchantCity: 'Olinda', amount: 50 });
  expect(expected).toContain('5405' + '50.00');
  expect(expected).toContain('5916Emporio Sao Joao6006Olinda');
  await expect(pix.getByRole('img', { name: `QR code PIX de R$${NBSP}50,00` })).toBeVisible();
  await expect(pix.getByLabel('Código PIX copia e cola')).toHaveValue(expected);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(encodeURIComponent(expected).replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '$'),
  );
  await pix.getByRole('button', { name: 'Copiar código PIX' }).click();
  await expect(page.getByText('Código PIX copiado')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  await shot(page, 'client');
});
