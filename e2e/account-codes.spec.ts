// The six-digit codes of the emails, typed in the app: sign-up lands on 'Verifique seu email', where the code
// from the stack's mail outbox signs the owner in (a wrong one is refused in Portuguese); a forgotten password is
// recovered with the code of the recovery email, then the new password signs in. Both screens at 360 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { PASSWORD, VIEWPORTS, createConfirmedOwner, expectNoSidewaysScroll } from './support/owner.ts';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
}

/** The code in the newest email of `kind` to `to`, read as the owner reads it (waits for it to arrive). */
async function emailedCode(to: string, kind: 'signup' | 'recovery'): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const response = await fetch(`${STACK_URL}/mail/v1/messages?to=${encodeURIComponent(to)}&kind=${kind}&limit=1`);
    const body = (await response.json()) as { messages: { text: string }[] };
    code = /digite o código (\d{6}) no aplicativo/.exec(body.messages[0]?.text ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return code ?? '';
}

/** A six-digit code other than `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Seu nome').fill('Maria Souza');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByLabel('Nome do seu mercadinho').fill('Mercadinho da Maria');
  await page.getByLabel('WhatsApp').fill('11987654321');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/${name}-${viewport.width}.png`, fullPage: true });
  }
}

test('sign-up: the emailed code on /verify-email signs the owner in; a wrong code is refused', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]);
  const email = uniqueEmail('codigo-cadastro');
  await register(page, email);

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verifique seu email' })).toBeVisible();
  await expect(page.getByText('Cadastro realizado!')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const field = page.getByLabel('Código');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');

  const code = await emailedCode(email, 'signup');
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(page.getByText('Digite o código que enviamos por email.')).toBeVisible();
  await field.fill(otherCode(code));
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Código incorreto ou expirado' })).toBeVisible();
  await screenshots(page, 'verify-email-code');

  await page.setViewportSize(VIEWPORTS[0]);
  // Pasted with a space, as some mail apps copy it.
  await field.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(field).toHaveValue(code);
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, .+!$/ })).toBeVisible();
});

/** An account registered elsewhere, not confirmed yet, whose email this device never saw (no email sent). */
async function createUnconfirmedOwner(email: string): Promise<void> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, user_metadata: { nome: 'Ana Lima', nome_mercado: 'Mercadinho Lima' } }),
  });
  expect(response.ok).toBe(true);
}

test('login on another device: after resending the confirmation, its code is typed and signs in', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]);
  const email = uniqueEmail('codigo-login');
  await createUnconfirmedOwner(email);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Seu e-mail ainda não foi confirmado.');
  await page.getByRole('button', { name: 'Reenviar confirmação' }).click();
  await expect(page.getByText('E-mail reenviado!')).toBeVisible();
  await screenshots(page, 'login-enter-code');
  await page.setViewportSize(VIEWPORTS[0]);
  await page.getByRole('link', { name: 'Digitar o código do email' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Código').fill(await emailedCode(email, 'signup'));
  await page.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the code of the recovery email leads to the new password, which signs in', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[0]);
  const email = uniqueEmail('codigo-senha');
  await createConfirmedOwner(email);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email enviado' })).toBeVisible();
  const code = await emailedCode(email, 'recovery');

  const field = page.getByLabel('Código');
  await field.fill(otherCode(code));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Código incorreto ou expirado' })).toBeVisible();
  await screenshots(page, 'forgot-password-code');

  await page.setViewportSize(VIEWPORTS[0]);
  await field.fill(code);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Nova senha', { exact: true }).fill('Nova@4567');
  await page.getByLabel('Confirmar nova senha').fill('Nova@4567');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Senha alterada!')).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Nova@4567');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
