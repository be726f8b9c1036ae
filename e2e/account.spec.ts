// Account flows against the local stack: register → /verify-email → emailed link → login → dashboard; password
// recovery through the emailed link; login refused offline; errors in the spec's Portuguese.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';

const PASSWORD = 'Senha@123';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
}

/** The verify link of the newest email of `kind` sent to `to` (waits for it to arrive). */
async function emailedLink(to: string, kind: 'signup' | 'recovery'): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await fetch(`${STACK_URL}/mail/v1/messages?to=${encodeURIComponent(to)}&kind=${kind}&limit=1`);
    const body = (await response.json()) as { messages: { links: string[] }[] };
    link = body.messages[0]?.links.find((href) => href.includes('/auth/v1/verify'));
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link ?? '';
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Seu nome').fill('Maria Souza');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByLabel('Nome do seu mercadinho').fill('Mercadinho da Maria');
  await page.getByLabel('WhatsApp').fill('11987654321');
  await expect(page.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeDisabled();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Cadastro realizado!')).toBeVisible();
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test('register, confirm through the emailed link, sign in and land on the dashboard', async ({ page }) => {
  const email = uniqueEmail('cadastro');
  await register(page, email);

  // Before confirming, the login says so and offers to resend.
  await page.goto('/login');
  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Seu e-mail ainda não foi confirmado.');
  // The stack, like GoTrue, sends at most one email of a kind per user per second (max_frequency).
  await page.waitForTimeout(1100);
  await page.getByRole('button', { name: 'Reenviar confirmação' }).click();
  await expect(page.getByText('E-mail reenviado!')).toBeVisible();

  await page.goto(await emailedLink(email, 'signup'));
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Email confirmado!')).toBeVisible();

  await login(page, email, 'Errada@123');
  await expect(page.getByRole('alert')).toContainText('Seu email ou senha estão incorretos, verifique e tente novamente.');
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, .+!$/ })).toBeVisible();

  // A reload keeps the session (IndexedDB in the worker), and / leads to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password: the emailed link opens /reset-password, the new password signs in', async ({ page }) => {
  const email = uniqueEmail('senha');
  await register(page, email);
  await page.goto(await emailedLink(email, 'signup'));
  await expect(page.getByText('Email confirmado!')).toBeVisible();

  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByRole('heading', { name: 'Email enviado' })).toBeVisible();

  await page.goto(await emailedLink(email, 'recovery'));
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Nova senha', { exact: true }).fill('Nova@4567');
  await page.getByLabel('Confirmar nova senha').fill('Nova@4560');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByRole('alert').first()).toContainText('Senhas diferentes');
  await page.getByLabel('Confirmar nova senha').fill('Nova@4567');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await login(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('Seu email ou senha estão incorretos');
  await login(page, email, 'Nova@4567');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('login is refused offline with the spec message', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await context.setOffline(true);
  await login(page, 'alguem@exemplo.com.br', PASSWORD);
  await expect(page.getByRole('alert')).toContainText('É necessário conexão com a internet para fazer login.');
  await expect(page.getByRole('alert')).toContainText('Sem conexão');
  await context.setOffline(false);
});

test('the login form asks for both fields', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Por favor, preencha email e senha');
});
