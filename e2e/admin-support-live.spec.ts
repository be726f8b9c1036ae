// Support live both ways, no 'Atualizar' clicked anywhere: the owner (a phone) and the admin (a desktop, with a second
// tab) each see the other's writes within a couple of seconds. A new ticket appears on the admin's board, the owner's
// reply appears in the admin's open ticket, the admin's reply appears in the owner's thread, and a move to Resolvidos
// made in the admin's other tab moves the card and shows the owner 'Resolvido' with no reply box.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAdmin, service } from './support/admin.ts';
import { createConfirmedOwner, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

/** How soon a change made on one side must show on the other (the product asks for about a second). */
const LIVE = { timeout: 3000 };
const [PHONE, DESKTOP] = VIEWPORTS;

const shot = (page: Page, name: string, width: number) => screenshot(page, `support-live-${name}`, width);

async function createPremiumOwner(email: string, nome: string): Promise<void> {
  const id = await createConfirmedOwner(email, { nome, nome_mercado: `Mercado ${nome}` });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await service(`/rest/v1/users?id=eq.${id}`, {
    method: 'PATCH',
    body: { plano: 'premium', status_pagamento: 'ativo', data_fim_plano: until },
  });
}

async function signedInContext(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const { baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

const column = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (page: Page, title: string) => page.locator('li[data-ticket]').filter({ hasText: title });

test('support round trip live between the owner and the admin, without Atualizar', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const ownerEmail = `dona-ao-vivo-${tag}@exemplo.com.br`;
  const adminEmail = `admin-ao-vivo-${tag}@exemplo.com.br`;
  const title = `Balança não conecta ${tag}`;
  await createPremiumOwner(ownerEmail, `Dona Ao Vivo ${tag}`);
  await createAdmin(adminEmail, 'Admin Ao Vivo');

  // The admin watches the board (and a second tab of his is open on it too), before the ticket exists.
  const admin = await signedInContext(browser, adminEmail, DESKTOP);
  await admin.page.goto('/admin/support');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' })).toBeVisible();
  const otherTab = await admin.context.newPage();
  await otherTab.goto('/admin/support');
  await expect(otherTab.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' })).toBeVisible();

  // The owner opens a ticket: it appears on both admin tabs.
  const owner = await signedInContext(browser, ownerEmail, PHONE);
  await owner.page.goto('/support');
  await owner.page.getByRole('button', { name: 'Novo ticket' }).click();
  const form = owner.page.getByRole('dialog', { name: 'Novo ticket de suporte' });
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Descrição').fill('A balança do caixa não aparece no celular.');
  await form.getByLabel('Prioridade').selectOption({ label: 'Alta' });
  await form.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(owner.page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(column(admin.page, 'Abertos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible(LIVE);
  await expect(column(otherTab, 'Abertos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible(LIVE);
  await card(admin.page, title).scrollIntoViewIfNeeded();
  await shot(admin.page, 'admin-new-ticket', DESKTOP.width);

  // The admin opens it; the owner's reply appears in the open modal.
  await admin.page.bringToFront();
  await card(admin.page, title)
    .getByRole('button', { name: `Abrir ticket "${title}"` })
    .click();
  const modal = admin.page.getByRole('dialog', { name: 'Detalhes do Ticket' });
  await expect(modal.getByText('Nenhuma resposta ainda.')).toBeVisible();
  await owner.page.getByLabel('Sua resposta').fill('Já reiniciei a balança e nada.');
  await owner.page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(modal.getByText('Já reiniciei a balança e nada.')).toBeVisible(LIVE);

  // The admin's reply appears in the owner's thread.
  await modal.getByLabel('Resposta').fill('Vamos verificar o pareamento por Bluetooth.');
  await modal.getByRole('button', { name: 'Enviar Resposta' }).click();
  const thread = owner.page.getByRole('region', { name: 'Conversa' });
  await expect(thread.getByText('Vamos verificar o pareamento por Bluetooth.')).toBeVisible(LIVE);
  await expect(thread.getByText('Suporte', { exact: true })).toBeVisible();
  await shot(owner.page, 'owner-reply', PHONE.width);

  // The other tab moves the card to Resolvidos: it moves on the first tab, and the open modal shows the new status.
  await otherTab.bringToFront();
  await card(otherTab, title)
    .getByRole('button', { name: `Mover "${title}" para Resolvidos` })
    .click();
  await expect(modal.getByLabel('Resposta')).toHaveCount(0, LIVE);
  await expect(modal.getByText('Resolvido', { exact: true })).toBeVisible(LIVE);
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(column(admin.page, 'Resolvidos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible(LIVE);
  await expect(column(admin.page, 'Abertos').locator('li[data-ticket]').filter({ hasText: title })).toHaveCount(0);
  await shot(admin.page, 'admin-moved', DESKTOP.width);

  // The owner's thread: 'Resolvido' and no reply box.
  await expect(owner.page.getByRole('article').getByText('Resolvido', { exact: true })).toBeVisible(LIVE);
  await expect(owner.page.getByLabel('Sua resposta')).toHaveCount(0, LIVE);
  await expect(owner.page.getByText('Este ticket foi resolvido.', { exact: false })).toBeVisible();
  await shot(owner.page, 'owner-resolved', PHONE.width);

  await owner.context.close();
  await admin.context.close();
});
