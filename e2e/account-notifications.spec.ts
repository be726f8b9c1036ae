// A notification written on the server reaches the header's badge without a reload; the panel lists it and
// marking all as read clears the badge and reaches the server.
import { expect, test } from '@playwright/test';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { STACK_URL } from '../playwright.config.ts';

const PASSWORD = 'Senha@123';

async function serviceHeaders(): Promise<Record<string, string>> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

test('a server notification appears in the badge live and is marked read from the panel', async ({ page }) => {
  const email = `avisos-${Date.now()}@exemplo.com.br`;
  const headers = await serviceHeaders();
  const created = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: { nome: 'Rita', nome_mercado: 'Mercearia da Rita' } }),
  });
  const { id: userId } = (await created.json()) as { id: string };

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();

  const inserted = await fetch(`${STACK_URL}/rest/v1/notificacoes`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ user_id: userId, tipo: 'estoque_baixo', mensagem: 'Arroz 5kg com estoque baixo (2 un)', lido: false }),
  });
  expect(inserted.ok).toBe(true);
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Notificações: 1 não lidas' }).click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  await expect(panel.getByText('Arroz 5kg com estoque baixo (2 un)')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/notifications-1280.png' });
  await panel.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(async () => {
    const rows = (await (await fetch(`${STACK_URL}/rest/v1/notificacoes?select=lido&user_id=eq.${userId}`, { headers })).json()) as { lido: boolean }[];
    expect(rows).toEqual([{ lido: true }]);
  }).toPass({ timeout: 15_000 });
});
