// Support end to end at 360 px and 1280 px against the local stack: a premium owner opens a ticket at /support; the
// admin (a second browser context) sees it on /admin/support (no 'Novo do Cliente' before the owner replies), opens
// it and replies; the owner gets the account's '!' badge and the bell's notification, reads the reply (the badge
// goes); the admin moves it to Resolvidos, then Fechados, and archives it (gone from the board); each step in
// /admin/logs. Then the states: the board's skeleton, empty and error; the owner's skeleton, error and offline
// notice.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAdmin, holdRoute, service, settle } from './support/admin.ts';
import { createConfirmedOwner, PHONE, shot as screenshot, shotOnPhoneAndDesktop, signIn, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `support-${name}`, width);
/** A screen of the round trip, which runs once on the phone, looked at on the phone and on the desktop. */
const shots = (page: Page, name: string) => shotOnPhoneAndDesktop(page, `support-${name}`);

/** A confirmed owner on an active premium plan. */
async function createPremiumOwner(email: string, nome: string): Promise<string> {
  const id = await createConfirmedOwner(email, { nome, nome_mercado: `Mercado ${nome}` });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await service(`/rest/v1/users?id=eq.${id}`, {
    method: 'PATCH',
    body: { plano: 'premium', status_pagamento: 'ativo', data_fim_plano: until },
  });
  return id;
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

test(`support, owner and admin, on a phone, each screen also on a desktop`, async ({ browser }) => {
  const viewport = PHONE;
  test.setTimeout(180_000);
  const tag = `${String(viewport.width)}-${Date.now().toString(36)}`;
  const ownerEmail = `dona-suporte-${tag}@exemplo.com.br`;
  const adminEmail = `admin-suporte-${tag}@exemplo.com.br`;
  const title = `Vendas não sincronizam ${tag}`;
  await createPremiumOwner(ownerEmail, `Dona Suporte ${tag}`);
  await createAdmin(adminEmail, 'Admin Suporte');

  // The owner: /support shows her (empty) tickets, then a new ticket.
  const owner = await signedInContext(browser, ownerEmail, viewport);
  await owner.page.goto('/support');
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Suporte Premium' })).toBeVisible();
  await expect(owner.page.getByText('Nenhum ticket ainda')).toBeVisible();
  await shots(owner.page, 'owner-empty');
  await owner.page.getByRole('button', { name: 'Novo ticket' }).click();
  const form = owner.page.getByRole('dialog', { name: 'Novo ticket de suporte' });
  await form.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(form.getByText('Informe o título do ticket.')).toBeVisible();
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Descrição').fill('Desde ontem o celular do caixa não envia as vendas para a nuvem.');
  await form.getByLabel('Prioridade').selectOption({ label: 'Urgente' });
  await shots(owner.page, 'owner-new-ticket');
  await form.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(owner.page.getByText('Ticket aberto com sucesso!')).toBeVisible();
  await expect(owner.page).toHaveURL(/\/support\?ticket=/);
  const ticketId = new URL(owner.page.url()).searchParams.get('ticket') ?? '';
  expect(ticketId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(owner.page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(owner.page.getByText('Ainda sem resposta do suporte.', { exact: false })).toBeVisible();
  await shots(owner.page, 'owner-ticket');
  // The owner leaves the thread: an open thread is live and reads the support's reply as it arrives.
  await owner.page.goto('/account');

  // The admin: the ticket in Abertos, without 'Novo do Cliente' (no reply of the owner yet).
  const admin = await signedInContext(browser, adminEmail, viewport);
  await admin.page.goto('/admin/support');
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Suporte ao Cliente' })).toBeVisible();
  const fresh = card(admin.page, title);
  await expect(column(admin.page, 'Abertos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible();
  await expect(fresh.getByText('Urgente')).toBeVisible();
  await expect(fresh.getByText('Novo do Cliente')).toHaveCount(0);
  await fresh.scrollIntoViewIfNeeded();
  await shots(admin.page, 'admin-board');

  // Opens it (read mark), replies: the first-response stamp, the reply as 'Suporte'.
  await fresh.getByRole('button', { name: `Abrir ticket "${title}"` }).click();
  const modal = admin.page.getByRole('dialog', { name: 'Detalhes do Ticket' });
  await expect(modal.getByText('Nenhuma resposta ainda.')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Marcar como Em Andamento' })).toBeEnabled();
  await modal.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(admin.page.getByText('Digite uma mensagem')).toBeVisible();
  await modal.getByLabel('Resposta').fill('Olá! Já estamos verificando a sincronização.');
  await modal.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(admin.page.getByText('Resposta enviada com sucesso!')).toBeVisible();
  const conversation = modal.getByRole('region', { name: 'Conversa' });
  await expect(conversation.getByText('Olá! Já estamos verificando a sincronização.')).toBeVisible();
  await expect(conversation.getByText('Suporte', { exact: true })).toBeVisible();
  await expect(modal.locator('dd').nth(1)).not.toHaveText('Ainda não');
  await shots(admin.page, 'admin-modal');
  await modal.getByRole('button', { name: 'Marcar como Em Andamento' }).click();
  await expect(admin.page.getByText('Status do ticket atualizado').first()).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Marcar como Em Andamento' })).toBeDisabled();
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(card(admin.page, title).getByText('Novo do Cliente')).toHaveCount(0);

  await owner.page.bringToFront();
  // The owner: the account's '!' counts the reply, the bell has the notification; reading it clears the '!'.
  await owner.page.goto('/account');
  const supportLink = owner.page.getByRole('link', { name: /Suporte Premium/ });
  await expect(supportLink.getByText('nova resposta do suporte')).toBeAttached({ timeout: 20_000 });
  await shots(owner.page, 'owner-account-badge');
  await owner.page.getByRole('button', { name: /^Notificações: \d+ não lidas?$/ }).click();
  await expect(
    owner.page.getByRole('dialog', { name: 'Notificações' }).getByText(`Nova resposta do suporte: ${title}`),
  ).toBeVisible({ timeout: 20_000 });
  await owner.page.keyboard.press('Escape');
  await supportLink.click();
  const row = owner.page.getByRole('list', { name: 'Seus tickets' }).getByRole('button').filter({ hasText: title });
  await expect(row.getByText('Nova resposta')).toBeVisible();
  await shots(owner.page, 'owner-list-unread');
  await row.click();
  await expect(owner.page.getByText('Olá! Já estamos verificando a sincronização.')).toBeVisible();
  await owner.page.getByLabel('Sua resposta').fill('Obrigada! Fico aguardando.');
  await owner.page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(owner.page.getByText('Resposta enviada com sucesso!')).toBeVisible();
  await expect(owner.page.getByText('Obrigada! Fico aguardando.')).toBeVisible();
  await shots(owner.page, 'owner-conversation');
  await owner.page.goto('/account');
  await expect(owner.page.getByRole('link', { name: /Suporte Premium/ })).toBeVisible();
  await expect(owner.page.getByText('nova resposta do suporte')).toHaveCount(0);

  // The admin: the owner's reply brings 'Novo do Cliente' back; Resolvidos, Fechados, Arquivar.
  await settle(admin.page);
  await admin.page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(card(admin.page, title).getByText('Novo do Cliente')).toBeVisible();
  await card(admin.page, title)
    .getByRole('button', { name: `Abrir ticket "${title}"` })
    .click();
  await expect(modal.getByText('Obrigada! Fico aguardando.')).toBeVisible();
  await expect(modal.getByText('Cliente', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Marcar como Resolvido' }).click();
  await expect(modal.getByLabel('Resposta')).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Marcar como Resolvido' })).toHaveCount(0);
  await expect(modal.locator('dd').nth(3)).not.toHaveText('Ainda não');
  await shots(admin.page, 'admin-modal-resolved');
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(column(admin.page, 'Resolvidos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible();
  await settle(admin.page);
  await card(admin.page, title)
    .getByRole('button', { name: `Mover "${title}" para Fechados` })
    .click();
  const closed = column(admin.page, 'Fechados').locator('li[data-ticket]').filter({ hasText: title });
  await expect(closed).toBeVisible();
  await closed.scrollIntoViewIfNeeded();
  await shots(admin.page, 'admin-board-closed');
  await settle(admin.page);
  await closed.getByRole('button', { name: `Arquivar "${title}"` }).click();
  await expect(admin.page.getByText('Ticket arquivado').first()).toBeVisible();
  await expect(card(admin.page, title)).toHaveCount(0);

  // Every step in /admin/logs, found by the ticket's id.
  await admin.page.goto('/admin/logs');
  await admin.page.getByLabel('Buscar nos logs').fill(ticketId);
  await expect(admin.page.getByText('5 registros')).toBeVisible({ timeout: 20_000 });
  const entries = admin.page.getByRole('listitem');
  await expect(entries.filter({ hasText: 'Ticket arquivado' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Status do ticket alterado' })).toHaveCount(3);
  await expect(entries.filter({ hasText: 'Ticket respondido' })).toHaveCount(1);
  await shots(admin.page, 'admin-logs');

  // The owner still sees her ticket, closed.
  await owner.page.goto(`/support?ticket=${ticketId}`);
  await expect(owner.page.getByText('Este ticket foi encerrado.', { exact: false })).toBeVisible();
  await owner.context.close();
  await admin.context.close();
});

test('support states: skeletons, empty board, errors, the owner offline', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const adminEmail = `admin-estados-suporte-${tag}@exemplo.com.br`;
  const ownerEmail = `dona-estados-suporte-${tag}@exemplo.com.br`;
  await createAdmin(adminEmail, 'Admin Suporte');
  await createPremiumOwner(ownerEmail, `Dona Estados ${tag}`);
  for (const viewport of VIEWPORTS) {
    const admin = await signedInContext(browser, adminEmail, viewport);
    const owner = await signedInContext(browser, ownerEmail, viewport);

    // Admin: the pulsing skeleton while the server answers.
    const release = await holdRoute(admin.context, '**/rest/v1/support_tickets*');
    await admin.page.goto('/admin/support');
    await expect(admin.page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await shot(admin.page, 'admin-loading', viewport.width);
    release();
    await expect(admin.page.getByRole('region', { name: /^Abertos/ })).toBeVisible();
    await admin.context.unroute('**/rest/v1/support_tickets*');

    // Admin: every column empty.
    await admin.context.route('**/rest/v1/support_tickets*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'content-range': '*/0' }, body: '[]' }),
    );
    await admin.page.reload();
    await expect(admin.page.getByText('Nenhum ticket')).toHaveCount(4);
    await shot(admin.page, 'admin-empty', viewport.width);
    await admin.context.unroute('**/rest/v1/support_tickets*');

    // Admin: the server fails every time: after the retries, 'Erro ao carregar tickets' and 'Tentar novamente'.
    await admin.context.route('**/rest/v1/support_tickets*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await admin.page.reload();
    await expect(admin.page.getByRole('alert').filter({ hasText: 'Erro ao carregar tickets' })).toBeVisible({
      timeout: 30_000,
    });
    await shot(admin.page, 'admin-error', viewport.width);
    await admin.context.unroute('**/rest/v1/support_tickets*');
    await admin.page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(admin.page.getByRole('region', { name: /^Fechados/ })).toBeVisible();

    // Owner: the skeleton, then the server's failure with 'Tentar novamente'.
    const releaseOwner = await holdRoute(owner.context, '**/rest/v1/support_tickets*');
    await owner.page.goto('/support');
    await expect(owner.page.getByRole('heading', { level: 1, name: 'Suporte Premium' })).toBeVisible();
    await expect(owner.page.locator('main').getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await shot(owner.page, 'owner-loading', viewport.width);
    releaseOwner();
    await expect(owner.page.getByText('Nenhum ticket ainda')).toBeVisible();
    await owner.context.unroute('**/rest/v1/support_tickets*');
    await owner.context.route('**/rest/v1/support_tickets*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await owner.page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(owner.page.getByRole('alert').filter({ hasText: 'Erro ao carregar tickets' })).toBeVisible();
    await shot(owner.page, 'owner-error', viewport.width);
    await owner.context.unroute('**/rest/v1/support_tickets*');
    await owner.page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(owner.page.getByText('Nenhum ticket ainda')).toBeVisible();

    // Owner offline: the page still opens and says a connection is needed; 'Novo ticket' waits.
    await owner.context.setOffline(true);
    await owner.page.reload();
    await expect(owner.page.getByRole('heading', { name: 'Sem conexão' })).toBeVisible();
    await expect(owner.page.getByRole('button', { name: 'Novo ticket' })).toBeDisabled();
    await shot(owner.page, 'owner-offline', viewport.width);
    await owner.context.setOffline(false);
    await expect(owner.page.getByText('Nenhum ticket ainda')).toBeVisible({ timeout: 20_000 });
    await admin.context.close();
    await owner.context.close();
  }
});

test('a visitor and a free owner see how to reach us at /support', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo ticket' })).toHaveCount(0);
  const email = `dona-livre-suporte-${Date.now().toString(36)}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Suporte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo ticket' })).toHaveCount(0);
});
