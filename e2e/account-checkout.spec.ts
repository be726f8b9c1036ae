// Premium checkout through the local payment sandbox (the provider's stand-in): pay → back with
// status=success → 'Pagamento processado!' → premium shown; then the portal cancels and access is kept.
import { expect, test } from '@playwright/test';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { STACK_URL } from '../playwright.config.ts';

const PASSWORD = 'Senha@123';

async function serviceHeaders(): Promise<Record<string, string>> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

async function createOwner(): Promise<string> {
  const email = `premium-${Date.now()}@exemplo.com.br`;
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'Ana Paula', nome_mercado: 'Mercado da Ana' },
    }),
  });
  expect(response.ok).toBe(true);
  return email;
}

test('checkout in the sandbox makes the owner premium; the portal cancels with access kept', async ({ page }) => {
  const email = await createOwner();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/upgrade');
  // The first click can land before the page is interactive: click until the tab is chosen.
  const annual = page.getByRole('tab', { name: 'Anual' });
  await expect(async () => {
    await annual.click();
    await expect(annual).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
  await expect(page.getByText('R$ 178,80')).toBeVisible();
  await page.getByRole('tab', { name: 'Mensal' }).click();
  await page.getByRole('button', { name: 'Assinar por R$ 14,90/mês' }).click();

  // The first call of a function loads it on the stack (a cold start), as the first checkout of a day would.
  await expect(page).toHaveURL(/\/functions\/v1\/payment-sandbox/, { timeout: 20_000 });
  await expect(page.getByText('Ambiente de teste')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/payment-sandbox-1280.png' });
  await page.getByRole('button', { name: /^Pagar/ }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Pagamento processado!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Bem-vindo ao Premium!' })).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Começar a usar' }).click();
  await expect(page.getByTestId('plan-label')).toHaveText('Plano Premium');
  await expect(page.getByText(/Premium válido até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suporte Premium' })).toBeVisible();

  // A support reply the owner has not read puts the '!' on 'Suporte Premium'.
  const headers = await serviceHeaders();
  const users = (await (
    await fetch(`${STACK_URL}/rest/v1/users?select=id&email=eq.${encodeURIComponent(email)}`, { headers })
  ).json()) as { id: string }[];
  const ticket = await fetch(`${STACK_URL}/rest/v1/support_tickets`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user_id: users[0]?.id, title: 'Dúvida', description: 'Como exporto?', unread_user: true }),
  });
  expect(ticket.ok).toBe(true);
  await page.reload();
  await expect(page.getByRole('link', { name: /Suporte Premium.*nova resposta do suporte/ })).toBeVisible();

  await page.getByRole('button', { name: 'Gerenciar assinatura' }).click();
  await expect(page).toHaveURL(/\/functions\/v1\/payment-sandbox/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Atualizar Status' }).click();
  await expect(page.getByText('Status atualizado')).toBeVisible();
  await expect(page.getByText(/Sua assinatura foi cancelada, mas o acesso Premium continua até/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renovar assinatura' })).toBeVisible();
});
