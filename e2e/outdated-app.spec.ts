// 'Atualize o app': when the account's sales need a newer app than the one in the browser, the server refuses their
// pull and every owner screen says so, with what stopped arriving, that nothing is lost and 'Atualizar agora'; once
// the app reads them again, the notice goes (at 360 px, the notice also looked at 1280 px).
import { expect, test } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, shot, signIn, VIEWPORTS } from './support/owner.ts';

/** Sets the version of the sales' rows an app must read to pull them, as the server's own role does. */
async function setSalesMinimum(versao: number): Promise<void> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/rest/v1/versoes_minimas_app?tabela=eq.vendas`, {
    method: 'PATCH',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ versao }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

test("an app older than the account's sales asks to be updated, on a phone and on a desktop", async ({ page }) => {
  const [phone, desktop] = VIEWPORTS;
  await page.setViewportSize(phone);
  const email = `desatualizado-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  const notice = page.getByRole('alert').filter({ hasText: 'Atualize o app' });
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await expect(notice).toHaveCount(0);

  await setSalesMinimum(5);
  try {
    await page.reload();
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('as vendas deixaram de chegar a este aparelho');
    await expect(notice.getByRole('button', { name: 'Atualizar agora' })).toBeVisible();
    await shot(page, 'outdated-app', phone.width);
    await page.setViewportSize(desktop);
    await expect(notice).toBeVisible();
    await shot(page, 'outdated-app', desktop.width);
  } finally {
    await setSalesMinimum(4);
  }
  await notice.getByRole('button', { name: 'Atualizar agora' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible({ timeout: 20_000 });
  await expect(notice).toHaveCount(0, { timeout: 20_000 });
});
