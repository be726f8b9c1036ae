// The session around the owner's screens: trial expiry sends to /upgrade, sign-out goes to /login, and a
// signed-in device reopens offline into the shell with the cached profile.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { STACK_URL } from '../playwright.config.ts';

const PASSWORD = 'Senha@123';

async function serviceHeaders(): Promise<Record<string, string>> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

async function createOwner(prefix: string, trialEndsAt?: string): Promise<string> {
  const email = `${prefix}-${Date.now()}@exemplo.com.br`;
  const headers = await serviceHeaders();
  const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'José Lima', nome_mercado: 'Quitanda do Zé', telefone: '' },
    }),
  });
  expect(response.ok).toBe(true);
  const { id } = (await response.json()) as { id: string };
  if (trialEndsAt) {
    const patch = await fetch(`${STACK_URL}/rest/v1/users?id=eq.${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ trial_end_date: trialEndsAt }),
    });
    expect(patch.ok).toBe(true);
  }
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test('an expired trial leads to /upgrade with the 10 s toast; /account stays open', async ({ page }) => {
  const email = await createOwner('expirado', new Date(Date.now() - 86_400_000).toISOString());
  await signIn(page, email);
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(page.getByText('Período de teste expirado')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Seu teste acabou!' })).toBeVisible();
  await page.goto('/products');
  await expect(page).toHaveURL(/\/upgrade/);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha Conta' })).toBeVisible();
  await expect(page.getByText('Seu período de teste de 30 dias acabou.')).toBeVisible();
});

test('the header shows the owner; the market name is edited inline; Sair leads to /login', async ({ page }) => {
  const email = await createOwner('conta');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('market-name')).toHaveText('Quitanda do Zé');
  await page.getByRole('button', { name: 'Abrir busca' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('  arroz tipo 1 ');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=arroz(\+|%20)tipo(\+|%20)1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Busca' })).toBeVisible();
  await expect(page.getByTestId('search-query')).toHaveText('Você buscou por “arroz tipo 1”.');
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Fechar busca' }).click();
  await page.getByRole('link', { name: 'Minha Conta' }).click();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Nome do mercadinho').fill('Quitanda do Zé');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Digite um nome diferente do atual.')).toBeVisible();
  await page.getByLabel('Nome do mercadinho').fill('  Empório do Zé ');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome atualizado')).toBeVisible();
  await expect(page.getByTestId('market-name')).toHaveText('Empório do Zé');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('signed in, the app reopens offline with the cached owner', async ({ page, context }) => {
  const email = await createOwner('offline');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('market-name')).toHaveText('Quitanda do Zé');
  await expect(
    page.getByText('Offline. Ao conectar-se, as informações do painel serão atualizadas e salvas na nuvem.'),
  ).toBeVisible();
  await context.setOffline(false);
});

test('free plan: a second device signs in and the first one is told its session ended', async ({ browser }) => {
  const email = await createOwner('aparelhos');
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const phone = await first.newPage();
    await signIn(phone, email);
    await expect(phone).toHaveURL(/\/dashboard$/);
    const counter = await second.newPage();
    await signIn(counter, email);
    await expect(counter).toHaveURL(/\/dashboard$/);
    // The phone learns it on its next check (focus, reconnect, a minute's timer, or a restart).
    await phone.reload();
    await expect(phone).toHaveURL(/\/login$/);
    await expect(phone.getByText('Sua sessão foi encerrada')).toBeVisible();
    await counter.reload();
    await expect(counter).toHaveURL(/\/dashboard$/);
  } finally {
    await first.close();
    await second.close();
  }
});

test('the admin area: only for the admin role in app_metadata, who lands there; everyone else goes to the dashboard', async ({
  page,
}) => {
  const owner = await createOwner('dono');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const email = `admin-${Date.now()}@exemplo.com.br`;
  const created = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: await serviceHeaders(),
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { role: 'admin' },
      user_metadata: { nome: 'Admin' },
    }),
  });
  expect(created.ok).toBe(true);
  // The admin has no shop: he lands on /admin, and an owner screen sends him back there.
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Painel Administrativo').first()).toBeVisible();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 740 });
    await page.screenshot({ path: `test-results/screens/admin-${width}.png` });
  }
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('two tabs share the session: signing out in one signs out the other at once', async ({ context }) => {
  const email = await createOwner('abas');
  const first = await context.newPage();
  await signIn(first, email);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByTestId('market-name')).toHaveText('Quitanda do Zé');
  await first.goto('/account');
  await first.getByRole('button', { name: 'Sair' }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
});
