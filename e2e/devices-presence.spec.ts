// /aparelhos says how many of the owner's devices are connected now: two phones of one (Premium) owner each read
// '2 aparelhos conectados'; when one closes the app the other is back to '1 aparelho conectado'.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { serviceRest } from './support/admin.ts';
import { createConfirmedOwner, shot, signIn } from './support/owner.ts';

async function openPhone(browser: Browser, email: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/aparelhos');
  return { context, page };
}

test("the owner's devices see each other connected on /aparelhos", async ({ browser }) => {
  test.setTimeout(180_000);
  const email = `presenca-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Mercearia Alves' });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await serviceRest(`users?id=eq.${userId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');

  const balcao = await openPhone(browser, email, 1280);
  const connected = (page: Page) => page.getByRole('status').filter({ hasText: /aparelhos? conectados?$/ });
  await expect(connected(balcao.page)).toHaveText('1 aparelho conectado');

  const celular = await openPhone(browser, email, 360);
  await expect(connected(celular.page)).toHaveText('2 aparelhos conectados');
  await expect(connected(balcao.page)).toHaveText('2 aparelhos conectados');
  await shot(celular.page, 'aparelhos-conectados', 360);
  await shot(balcao.page, 'aparelhos-conectados', 1280);

  await celular.context.close();
  await expect(connected(balcao.page)).toHaveText('1 aparelho conectado');
  await balcao.context.close();
});
