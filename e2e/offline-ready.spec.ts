// A new browser signs in, and as soon as the app says 'Pronto para usar sem internet' the connection drops: the
// reload opens the app from the service worker and a sale is made; the message is not said again.
import { expect, test } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, PASSWORD, shot, VIEWPORTS } from './support/owner.ts';

const READY = 'Pronto para usar sem internet';

/** A product on the server, so the first download brings something to sell. */
async function serverProduct(userId: string): Promise<void> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/rest/v1/produtos`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: userId, nome: 'Café Torrado', preco: 18.5, estoque: 10, unidade: 'un' }),
  });
  expect(response.ok).toBe(true);
}

test('offline right after the first sign-in: the reload opens the app and a sale is made', async ({ page, context }) => {
  test.setTimeout(120_000);
  const phone = VIEWPORTS[0];
  await page.setViewportSize(phone);
  const email = `pronto-offline-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Lúcia Ramos', nome_mercado: 'Mercadinho Ramos' });
  await serverProduct(userId);

  await page.goto('/login');
  const ready = page.getByText(READY);
  // Said as soon as the shell is cached, which may be before or after the sign-in ends.
  const told = ready.waitFor({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await told;
  await shot(page, 'offline-ready-toast', phone.width);
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible({ timeout: 60_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('dashboard-greeting')).toContainText('Lúcia');
  await expect(page.getByRole('status').filter({ hasText: 'Offline. Ao conectar-se' })).toBeVisible();

  await page.getByRole('link', { name: 'Vendas', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
  await page.getByRole('list', { name: 'Produtos' }).getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Venda salva offline')).toBeVisible();
  // Told once: the offline reload and the sale went by without the message.
  await expect(ready).toHaveCount(0);
  await context.setOffline(false);
});

test('after the shell, the heavy optional chunks are cached too, in idle time', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText(READY)).toBeVisible({ timeout: 30_000 });
  const optional = await page.evaluate(async () => {
    const response = await fetch('/optional-assets.json');
    return (await response.json()) as string[];
  });
  expect(optional.some((url) => url.includes('html2canvas'))).toBe(true);
  // What a screen may need offline from the first visit is never optional.
  expect(optional.filter((url) => /jspdf|decoder\.worker|fflate/.test(url))).toEqual([]);
  await expect
    .poll(
      () =>
        page.evaluate(async (urls) => {
          const cached = await Promise.all(urls.map((url) => caches.match(url)));
          return cached.filter((response) => response !== undefined).length;
        }, optional),
      { timeout: 60_000 },
    )
    .toBe(optional.length);
});
