// /admin/notifications at 360 px and 1280 px against the local stack: an admin sends a notification to every
// owner from the 'Enviar Notificação' tab (after a confirmation with the number of users it reaches) while an owner
// is signed in in another browser, whose bell's unread badge goes up live and whose panel shows the message; sends
// one to a single owner picked by a search; lists (the send to all once, with its reach), filters, marks read and
// deletes (the owner's copy goes too, without a reload), each in the admin log; the required-fields message, the empty state, the pulsing skeleton
// and the error state of the list, and the offline notice.
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, holdRoute } from './support/admin.ts';
import { createConfirmedOwner, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `admin-notifications-${name}`, width);

for (const viewport of VIEWPORTS) {
  test(`admin notifications at ${viewport.width} px: send to all reaches an owner's badge live`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const tag = `N${viewport.width}x${Date.now().toString(36)}`;
    const ownerEmail = `dona-${tag.toLowerCase()}@exemplo.com.br`;
    await createConfirmedOwner(ownerEmail, { nome: `Rita ${tag}`, nome_mercado: `Mercearia ${tag}` });
    await createConfirmedOwner(`outra-${tag.toLowerCase()}@exemplo.com.br`, {
      nome: `Bia ${tag}`,
      nome_mercado: `Quitanda ${tag}`,
    });
    const adminEmail = `admin-${tag.toLowerCase()}@exemplo.com.br`;
    await createAdmin(adminEmail);

    // The owner, signed in on her own device (another browser context), with no unread notifications.
    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await signIn(owner, ownerEmail);
    const bell = owner.getByRole('button', { name: /^Notificações/ });
    await expect(bell).toHaveAccessibleName('Notificações');

    await signIn(page, adminEmail);
    await page.goto('/admin/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Notificações' });
    await expect(tabs.getByRole('tab', { name: 'Listar Notificações' })).toHaveAttribute('aria-selected', 'true');

    // The send tab, reached with the keyboard (arrow keys move between Radix tabs).
    await tabs.getByRole('tab', { name: 'Listar Notificações' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Enviar Notificação' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('tabpanel', { name: 'Enviar Notificação' });
    await form.getByRole('button', { name: 'Enviar Notificação' }).click();
    await expect(form.getByRole('alert')).toHaveText('Preencha todos os campos obrigatórios');
    await expect(form.getByLabel('Tipo')).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'send-required', viewport.width);

    // To all: type and message, the user left blank.
    const toAll = `Manutenção programada às 22h ${tag}`;
    await form.getByLabel('Tipo').selectOption({ label: 'Manutenção' });
    await expect(form.getByText('Deixe em branco para enviar a todos os usuários.')).toBeVisible();
    await form.getByLabel('Mensagem').fill(toAll);
    await form.getByLabel('ID de referência (opcional)').fill(`ref-${tag}`);
    await form.getByRole('button', { name: 'Enviar Notificação' }).click();
    // A send to all asks first, saying how many users it reaches.
    const confirmAll = page.getByRole('alertdialog', { name: 'Enviar para todos os usuários?' });
    await expect(confirmAll.getByText(/^A notificação será enviada para \d+ usuários\.$/)).toBeVisible();
    await shot(page, 'send-all-confirmation', viewport.width);
    await confirmAll.getByRole('button', { name: 'Enviar Notificação' }).click();
    await expect(page.getByText('Notificação(ões) enviada(s) com sucesso!')).toBeVisible();
    await expect(confirmAll).toBeHidden();
    await expect(form.getByLabel('Mensagem')).toHaveValue('');

    // The owner's badge goes up without a reload, and her panel shows the message.
    await expect(owner.getByTestId('notification-badge')).toHaveText('1', { timeout: 20_000 });
    await expect(bell).toHaveAccessibleName('Notificações: 1 não lidas');
    await bell.click();
    const panel = owner.getByRole('dialog', { name: 'Notificações' });
    await expect(panel.getByText(toAll)).toBeVisible();
    await screenshot(owner, `admin-notifications-owner-panel`, viewport.width);
    await owner.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // To one owner, picked by a search on the server (keyboard: arrow down, Enter).
    const toOne = `Promoção só para a Bia ${tag}`;
    await form.getByLabel('Tipo').selectOption({ label: 'Promoção' });
    const picker = form.getByRole('combobox', { name: 'Usuário' });
    await picker.fill(`Bia ${tag}`);
    const options = form.getByRole('listbox', { name: 'Usuários encontrados' }).getByRole('option');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toContainText(`Quitanda ${tag}`);
    await shot(page, 'send-picker', viewport.width);
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect(form.locator('output')).toContainText(`Bia ${tag}`);
    await expect(form.locator('output')).toContainText(`Quitanda ${tag} · outra-${tag.toLowerCase()}@exemplo.com.br`);
    await form.getByLabel('Mensagem').fill(toOne);
    await shot(page, 'send', viewport.width);
    await form.getByRole('button', { name: 'Enviar Notificação' }).click();
    await expect(page.getByText('Enviada para 1 usuário.')).toBeVisible();

    // The list: newest first, unread highlighted, owner and reference shown.
    await tabs.getByRole('tab', { name: 'Listar Notificações' }).click();
    const list = page.getByRole('tabpanel', { name: 'Listar Notificações' });
    const items = list.getByRole('listitem');
    await expect(items.first()).toContainText(toOne);
    await expect(items.first()).toContainText(`Bia ${tag} - Quitanda ${tag}`);
    await expect(items.first()).toContainText('Não lida');
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    // The send to all is one entry, to every user, with its reach; not one per owner.
    const everyone = items.filter({ hasText: toAll });
    await expect(everyone).toHaveCount(1);
    await expect(everyone).toContainText('Todos os usuários');
    await expect(everyone).toContainText('Alcance');
    await expect(everyone).toContainText(/\d+ usuários · 0 leram/);
    await expect(everyone).toContainText(`ref-${tag}`);
    const everyNotice = list.getByText(/^[\d.]+ notificaç(ão|ões)$/);
    const allCount = (await everyNotice.textContent()) ?? '';
    await shot(page, 'list', viewport.width);

    // Filters: type and read status.
    await list.getByLabel('Tipo').selectOption({ label: 'Promoção' });
    await list.getByLabel('Status de leitura').selectOption({ label: 'Não Lidas' });
    const promo = items.filter({ hasText: toOne });
    await expect(promo).toHaveCount(1);
    await promo.getByRole('button', { name: 'Marcar como lida' }).click();
    await expect(page.getByText('Notificação marcada como lida')).toBeVisible();
    await expect(promo).toHaveCount(0);
    await list.getByLabel('Status de leitura').selectOption({ label: 'Lidas' });
    await expect(promo).toContainText('Lida');
    await expect(promo.getByRole('button', { name: 'Marcar como lida' })).toHaveCount(0);
    await list.getByLabel('Tipo').selectOption({ label: 'Plano vencido' });
    await expect(list.getByText('Nenhuma notificação encontrada')).toBeVisible();
    await shot(page, 'empty', viewport.width);
    await list.getByLabel('Tipo').selectOption({ label: 'Todos os tipos' });
    await list.getByLabel('Status de leitura').selectOption({ label: 'Todas' });

    // Delete the send to all after the confirmation: it leaves Rita's bell without a reload.
    // The unfiltered list again (its count as before), from its first page.
    await expect(everyNotice).toHaveText(allCount);
    await expect(list.getByText(/^Página 1 de \d+$/)).toBeVisible();
    await everyone.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir notificação?' });
    await expect(confirm).toContainText('Todos os usuários');
    await shot(page, 'delete', viewport.width);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Notificação excluída')).toBeVisible();
    await expect(everyone).toHaveCount(0);
    await expect(owner.getByTestId('notification-badge')).toHaveCount(0, { timeout: 20_000 });
    await bell.click();
    await expect(panel.getByText('Você não tem notificações.')).toBeVisible();
    await expect(panel.getByText(toAll)).toHaveCount(0);
    await ownerContext.close();

    // The server logged the sends, the mark read and the deletion for the admin log.
    await page.goto('/admin/logs');
    await page.getByRole('searchbox', { name: 'Buscar nos logs' }).fill('notification');
    const entries = page.locator('main li');
    await expect(entries.filter({ hasText: 'Notificação enviada' })).not.toHaveCount(0);
    await expect(entries.filter({ hasText: 'Notificação marcada como lida' })).not.toHaveCount(0);
    await expect(entries.filter({ hasText: 'Notificação excluída' })).not.toHaveCount(0);
  });
}

test('admin notifications: pulsing skeleton while the server answers, the error state when it fails', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const email = `admin-avisos-estados-${Date.now().toString(36)}@exemplo.com.br`;
  await createAdmin(email);
  await signIn(page, email);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const release = await holdRoute(context, '**/rest/v1/rpc/admin_notifications_page*');
    await page.goto('/admin/notifications');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await shot(page, 'loading', viewport.width);
    release();
    await expect(page.getByText(/^\d+ notificaç(ão|ões)$/)).toBeVisible();
    await context.unroute('**/rest/v1/rpc/admin_notifications_page*');

    await context.route('**/rest/v1/rpc/admin_notifications_page*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await page.goto('/admin/notifications');
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar notificações' })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'error', viewport.width);
    await context.unroute('**/rest/v1/rpc/admin_notifications_page*');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText(/^\d+ notificaç(ão|ões)$/)).toBeVisible();

    // Offline: the area says it needs a connection instead of the page.
    await context.setOffline(true);
    await expect(page.getByRole('heading', { name: 'Área administrativa indisponível offline' })).toBeVisible();
    await shot(page, 'offline', viewport.width);
    await context.setOffline(false);
    await expect(page.getByRole('tab', { name: 'Listar Notificações' })).toBeVisible();
  }
});
