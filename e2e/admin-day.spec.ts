// A day of the administrator, end to end against the local stack: the demo admin signs in, finds the demo owner
// and grants Premium (the owner's device shows it after 'Atualizar Status'), blocks an IP (a sign-in from it is
// refused, and lets it in again once unblocked), sends a notification to all (it appears live on the owner's bell),
// answers the ticket the owner opened at /support, moves it to Resolvidos, then Fechados, and archives it, and
// deletes a test owner (their rows, auth user and photos are gone); each step is in /admin/logs.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER } from '../supabase/seed/accounts.ts';
import { contextFrom, serviceClient, settle } from './support/admin.ts';
import { createConfirmedOwner, signIn, VIEWPORTS } from './support/owner.ts';

/** Opens an admin page from the side menu (a drawer on a phone). */
async function openAdmin(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Menu administrativo' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Abrir menu' }).click();
  await menu.getByRole('link', { name: label, exact: true }).click();
}

test('the admin’s day: premium, a blocked IP, a notification to all, a ticket, a deletion — all in the logs', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await browser.newContext({ viewport: VIEWPORTS[1] });
  const owner = await browser.newContext({ viewport: VIEWPORTS[0] });
  const adminPage = await admin.newPage();
  const ownerPage = await owner.newPage();
  const server = await serviceClient();
  /** Marks this run's notice and ticket, so a retry never meets the first attempt's. */
  const run = Date.now().toString(36);

  // The demo owner, on the free plan, on her phone.
  await signIn(ownerPage, DEMO_OWNER.email, DEMO_OWNER.password);
  await ownerPage.goto('/account');
  await expect(ownerPage.getByTestId('plan-label')).toHaveText('Plano Gratuito');

  // The demo admin finds her and grants Premium.
  await signIn(adminPage, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await adminPage.goto('/admin/users');
  // By her email: other specs' owners may share her name and market.
  await adminPage.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(DEMO_OWNER.email);
  await expect(adminPage.getByText('1 usuário', { exact: true })).toBeVisible();
  const card = adminPage.locator('main li').filter({ hasText: DEMO_OWNER.email });
  await card.getByRole('button', { name: 'Tornar Premium' }).click();
  await expect(adminPage.getByText('Plano do usuário atualizado com sucesso')).toBeVisible();

  // Her device sees it after the re-check.
  await ownerPage.getByRole('button', { name: 'Atualizar Status' }).click();
  await expect(ownerPage.getByText('Status atualizado')).toBeVisible();
  await expect(ownerPage.getByTestId('plan-label')).toHaveText('Plano Premium');

  // An address blocked in Configurações → IPs Bloqueados: a sign-in from it is refused until it is unblocked.
  const address = '203.0.113.99';
  await openAdmin(adminPage, 'Configurações');
  await adminPage.getByRole('tab', { name: 'IPs Bloqueados' }).click();
  await adminPage.getByLabel('Endereço IP').fill(address);
  await adminPage.getByLabel('Motivo').fill('Tentativas de senha em sequência');
  await adminPage.getByRole('button', { name: 'Bloquear', exact: true }).click();
  await expect(adminPage.getByText('IP bloqueado com sucesso')).toBeVisible();
  const intruder = await contextFrom(browser, address);
  const intruderPage = await intruder.newPage();
  await intruderPage.goto('/login');
  await intruderPage.getByLabel('Email').fill(DEMO_OWNER.email);
  await intruderPage.getByLabel('Senha', { exact: true }).fill(DEMO_OWNER.password);
  await intruderPage.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(intruderPage.getByText('Acesso bloqueado para este endereço IP.')).toBeVisible();
  await expect(intruderPage).toHaveURL(/\/login$/);
  await intruder.close();
  await settle(adminPage);
  const blockedRow = adminPage.getByRole('list', { name: 'IPs bloqueados' }).getByRole('listitem').filter({ hasText: address });
  await blockedRow.getByRole('button', { name: `Desbloquear ${address}` }).click();
  await expect(adminPage.getByText('IP desbloqueado com sucesso')).toBeVisible();

  // A notification to every owner: it reaches the owner's bell while she looks at her account, no reload.
  const bell = ownerPage.getByRole('button', { name: /^Notificações/ });
  await openAdmin(adminPage, 'Notificações');
  await adminPage.getByRole('tab', { name: 'Enviar Notificação' }).click();
  const form = adminPage.getByRole('tabpanel', { name: 'Enviar Notificação' });
  const notice = `Manutenção programada no domingo às 22h (${run}): o app segue funcionando offline.`;
  await form.getByLabel('Tipo').selectOption({ label: 'Manutenção' });
  await form.getByLabel('Mensagem').fill(notice);
  await form.getByRole('button', { name: 'Enviar Notificação' }).click();
  // A send to all is confirmed, with how many it reaches.
  await adminPage
    .getByRole('alertdialog', { name: 'Enviar para todos os usuários?' })
    .getByRole('button', { name: 'Enviar Notificação' })
    .click();
  await expect(adminPage.getByText('Notificação(ões) enviada(s) com sucesso!')).toBeVisible();
  await expect(bell).toHaveAccessibleName(/^Notificações: \d+ não lidas?$/, { timeout: 20_000 });
  await bell.click();
  await expect(ownerPage.getByRole('dialog', { name: 'Notificações' }).getByText(notice)).toBeVisible();
  await ownerPage.keyboard.press('Escape');

  // The owner, Premium now, opens a ticket at /support; the admin answers it, resolves, closes and archives it.
  const title = `O leitor de código de barras parou (${run})`;
  await ownerPage.goto('/support');
  await ownerPage.getByRole('button', { name: 'Novo ticket' }).click();
  const ticketForm = ownerPage.getByRole('dialog', { name: 'Novo ticket de suporte' });
  await ticketForm.getByLabel('Título').fill(title);
  await ticketForm.getByLabel('Descrição').fill('Desde hoje cedo a câmera não lê os códigos no balcão.');
  await ticketForm.getByRole('button', { name: 'Abrir ticket' }).click();
  await expect(ownerPage.getByText('Ticket aberto com sucesso!')).toBeVisible();
  await expect(ownerPage).toHaveURL(/\/support\?ticket=/);

  await settle(adminPage);
  await openAdmin(adminPage, 'Suporte');
  const ticket = adminPage.locator('li[data-ticket]').filter({ hasText: title });
  const column = (name: string) => adminPage.getByRole('region', { name: new RegExp(`^${name}`) });
  await expect(column('Abertos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible();
  // A brand-new ticket has no reply from the owner yet: no 'Novo do Cliente'.
  await expect(ticket.getByText('Novo do Cliente')).toHaveCount(0);
  await ticket.getByRole('button', { name: `Abrir ticket "${title}"` }).click();
  const modal = adminPage.getByRole('dialog', { name: 'Detalhes do Ticket' });
  const answer = 'Olá, Maria! Limpe a lente e atualize o app; se continuar, responda aqui.';
  await modal.getByLabel('Resposta').fill(answer);
  await modal.getByRole('button', { name: 'Enviar Resposta' }).click();
  await expect(adminPage.getByText('Resposta enviada com sucesso!')).toBeVisible();
  await modal.getByRole('button', { name: 'Marcar como Resolvido' }).click();
  await expect(modal.getByLabel('Resposta')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(column('Resolvidos').locator('li[data-ticket]').filter({ hasText: title })).toBeVisible();
  await settle(adminPage);
  await ticket.getByRole('button', { name: `Mover "${title}" para Fechados` }).click();
  const closed = column('Fechados').locator('li[data-ticket]').filter({ hasText: title });
  await expect(closed).toBeVisible();
  await settle(adminPage);
  await closed.getByRole('button', { name: `Arquivar "${title}"` }).click();
  await expect(adminPage.getByText('Ticket arquivado').first()).toBeVisible();
  await expect(ticket).toHaveCount(0);
  // The owner's bell has the reply; 'Ver resposta' opens the ticket with the answer.
  await ownerPage.goto('/account');
  await ownerPage.getByRole('button', { name: /^Notificações: \d+ não lidas?$/ }).click();
  const panel = ownerPage.getByRole('dialog', { name: 'Notificações' });
  const reply = panel.getByRole('listitem').filter({ hasText: `Nova resposta do suporte: ${title}` });
  await expect(reply).toBeVisible({ timeout: 20_000 });
  await reply.getByRole('link', { name: 'Ver resposta' }).click();
  await expect(ownerPage).toHaveURL(/\/support\?ticket=/);
  await expect(ownerPage.getByText(answer)).toBeVisible();

  // A test owner with a product and its photo, then deleted by the admin: rows, auth user and photo are gone.
  await settle(adminPage);
  await openAdmin(adminPage, 'Usuários');
  const doomedEmail = `teste-exclusao-${Date.now().toString(36)}@exemplo.com.br`;
  const doomedId = await createConfirmedOwner(doomedEmail, { nome: 'Dono de Teste', nome_mercado: 'Mercado Descartável' });
  const productId = crypto.randomUUID();
  expect(
    (await server.from('produtos').insert({ id: productId, user_id: doomedId, nome: 'Arroz de teste', preco: 5, unidade: 'un' }))
      .error,
  ).toBeNull();
  const photo = `${doomedId}/produtos/${productId}.jpg`;
  expect(
    (
      await server.storage
        .from('product-images')
        .upload(photo, new Blob([new Uint8Array([255, 216, 255, 217])], { type: 'image/jpeg' }), { contentType: 'image/jpeg' })
    ).error,
  ).toBeNull();
  await adminPage.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(doomedEmail);
  const doomed = adminPage.locator('main li').filter({ hasText: 'Dono de Teste' });
  await doomed.getByRole('button', { name: 'Excluir' }).click();
  await adminPage.getByRole('alertdialog', { name: 'Excluir usuário?' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(adminPage.getByText('Usuário excluído com sucesso')).toBeVisible();
  expect((await server.from('produtos').select('id').eq('user_id', doomedId)).data).toEqual([]);
  expect((await server.from('users').select('id').eq('id', doomedId)).data).toEqual([]);
  expect((await server.auth.admin.getUserById(doomedId)).error?.status).toBe(404);
  expect((await server.storage.from('product-images').list(`${doomedId}/produtos`)).data ?? []).toEqual([]);

  // Every step in /admin/logs, written there by the server.
  await settle(adminPage);
  await openAdmin(adminPage, 'Logs');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Logs do Sistema' })).toBeVisible();
  const entries = adminPage.locator('main li');
  for (const heading of [
    'Plano do usuário alterado',
    'IP bloqueado',
    'IP desbloqueado',
    'Notificação enviada',
    'Ticket respondido',
    'Status do ticket alterado',
    'Ticket arquivado',
    'Usuário excluído',
  ]) {
    await expect(entries.filter({ has: adminPage.getByRole('heading', { name: heading, exact: true }) }).first()).toBeVisible();
  }

  await admin.close();
  await owner.close();
});
