// The admin back-office at 360 px and 1280 px against the local stack: an admin (app_metadata role admin, made
// with the stack's admin API) signs in, reads the dashboard (ARR is twelve MRRs, conversion agrees with the totals),
// finds twelve seeded owners by a search, pages them 10 + 2, filters by plan, grants one premium with the toggle
// (reflected on the card and in the premium filter), edits one, deletes one after the confirmation, and sees
// these server-logged changes in the dashboard's recent activity; offline the area says it needs a
// connection. An owner who opens /admin is sent to /dashboard.
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, holdRoute } from './support/admin.ts';
import { createConfirmedOwner, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `admin-${name}`, width);

/** 'R$ 1.234,56' or '1.234' as a number. */
const amount = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

async function figure(page: Page, label: string): Promise<number> {
  return amount((await page.getByRole('region', { name: label, exact: true }).locator('p').textContent()) ?? '');
}

for (const viewport of VIEWPORTS) {
  test(`admin dashboard and users at ${viewport.width} px`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const tag = `Adm${viewport.width}x${Date.now().toString(36)}`;
    for (let index = 0; index < 12; index += 1) {
      await createConfirmedOwner(`${tag.toLowerCase()}-${String(index)}@exemplo.com.br`, {
        nome: `Dona ${String(index).padStart(2, '0')} ${tag}`,
        nome_mercado: `Mercado ${tag}`,
      });
    }
    const email = `admin-${String(viewport.width)}-${Date.now().toString(36)}@exemplo.com.br`;
    await createAdmin(email);
    await signIn(page, email);

    // Dashboard: the cards, and MRR / ARR / conversion derived from the totals shown.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total de Usuários' })).toBeVisible();
    const total = await figure(page, 'Total de Usuários');
    const premium = await figure(page, 'Usuários Premium');
    expect(total).toBeGreaterThanOrEqual(13);
    // MRR counts paid payments in their period (not Premium granted for free): ARR is twelve of it.
    const mrr = await figure(page, 'Receita Mensal (MRR)');
    expect(mrr).toBeGreaterThanOrEqual(0);
    const arr = amount(
      (await page.getByText('Receita Anual (ARR)').locator('xpath=following-sibling::dd[1]').textContent()) ?? '',
    );
    expect(arr).toBeCloseTo(mrr * 12, 2);
    expect(await figure(page, 'Taxa de Conversão')).toBeCloseTo(Math.round((premium / total) * 1000) / 10, 1);
    await expect(page.getByRole('heading', { name: 'Atividade Recente' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resumo de Assinaturas' })).toBeVisible();
    await expect(page.getByText('Receita Anual (ARR)')).toBeVisible();
    await shot(page, 'dashboard', viewport.width);

    // The side menu: a drawer on a phone, always there on a desktop.
    if (viewport.width < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu administrativo' });
    for (const item of [
      'Dashboard',
      'Usuários',
      'Produtos',
      'Pagamentos',
      'Configurações',
      'Vendas',
      'Notificações',
      'Logs',
      'Suporte',
    ]) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    if (viewport.width < 768) await shot(page, 'menu', viewport.width);
    await menu.getByRole('link', { name: 'Usuários', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();

    // Search: twelve owners, 10 then 2.
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(tag);
    await expect(page.getByText('12 usuários')).toBeVisible();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    const cards = page.locator('main li').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(10);
    // Newest plan start first.
    await expect(cards.first().getByRole('heading')).toHaveText(`Dona 11 ${tag}`);
    await shot(page, 'users', viewport.width);
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();

    // Premium toggle on the first owner: the toast, the badge, and the premium filter finds exactly her.
    const first = cards.filter({ hasText: `Dona 11 ${tag}` });
    await first.getByRole('button', { name: 'Tornar Premium' }).click();
    await expect(page.getByText('Plano do usuário atualizado com sucesso')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Tornar Gratuito' })).toBeVisible();
    await expect(first.getByText('Premium', { exact: true })).toBeVisible();

    const choosePlan = async (plan: string) => {
      if (viewport.width < 768) {
        await page.getByRole('button', { name: /^Filtros/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Filtros' });
        await dialog.getByLabel('Plano', { exact: true }).selectOption({ label: plan });
        if (plan === 'Premium') await shot(page, 'filters', viewport.width);
        await dialog.getByRole('button', { name: 'Aplicar' }).click();
        await expect(dialog).toBeHidden();
      } else {
        await page.getByLabel('Plano', { exact: true }).selectOption({ label: plan });
      }
    };
    await choosePlan('Premium');
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(page.getByText('Página 1 de 1')).toBeVisible();
    await choosePlan('Gratuito');
    await expect(page.getByText('11 usuários')).toBeVisible();

    // Nothing found.
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(`${tag}-ninguém`);
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
    await shot(page, 'users-empty', viewport.width);
    await choosePlan('Todos os planos');

    // The edit modal with the spec's fields.
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(`Dona 01 ${tag}`);
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    await cards.first().getByRole('button', { name: 'Editar' }).click();
    const modal = page.getByRole('dialog', { name: 'Editar Usuário' });
    for (const label of ['Nome', 'Email', 'Telefone', 'Nome do Mercado', 'Plano', 'Status', 'Data Fim Plano']) {
      await expect(modal.getByLabel(label, { exact: true })).toBeVisible();
    }
    await modal.getByLabel('Nome do Mercado', { exact: true }).fill(`Novo ${tag}`.slice(0, 40));
    await shot(page, 'edit', viewport.width);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Usuário atualizado com sucesso', { exact: true })).toBeVisible();
    await expect(modal).toBeHidden();
    await expect(cards.first()).toContainText(`Novo ${tag}`.slice(0, 40));

    // Excluir, after the irreversible-action confirmation: the owner is gone from the list.
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' }).fill(tag);
    await expect(page.getByText('12 usuários')).toBeVisible();
    const doomed = cards.filter({ hasText: `Dona 10 ${tag}` });
    await doomed.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir usuário?' });
    await expect(confirm).toContainText('Esta ação é irreversível');
    await shot(page, 'delete', viewport.width);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Usuário excluído com sucesso')).toBeVisible();
    await expect(page.getByText('11 usuários')).toBeVisible();
    await expect(doomed).toHaveCount(0);

    // The dashboard's recent activity has the server's entries of these changes, newest first.
    if (viewport.width < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    const activity = page.getByRole('region', { name: 'Atividade Recente' });
    await expect(activity.getByRole('listitem').first()).toContainText('Usuário excluído');
    await expect(activity.getByText('Usuário editado').first()).toBeVisible();
    await expect(activity.getByText('Plano do usuário alterado').first()).toBeVisible();
    expect(await figure(page, 'Usuários Premium')).toBeGreaterThanOrEqual(1);

    // /admin/logs: the same entries, 20 a page, with their details; the security log beside them.
    if (viewport.width < 768) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link', { name: 'Logs', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Logs do Sistema' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar nos logs' }).fill('delete_user');
    const entries = page.locator('main li');
    // Only deletions once the search has reached the server.
    await expect(entries.filter({ hasNot: page.getByRole('heading', { name: 'Usuário excluído' }) })).toHaveCount(0);
    await expect(entries.first().getByRole('heading')).toHaveText('Usuário excluído');
    await entries.first().getByText('Detalhes').click();
    await expect(entries.first().locator('pre')).toContainText(`Dona 10 ${tag}`);
    await shot(page, 'logs', viewport.width);
    await page.getByRole('radio', { name: 'Segurança' }).click();
    await expect(page.getByRole('radio', { name: 'Segurança' })).toBeChecked();
    await page.getByRole('searchbox', { name: 'Buscar nos logs' }).fill('');
    await expect(page.getByText(/\d+ registros?|Nenhum log encontrado/).first()).toBeVisible();

    // Offline: the area says it needs a connection.
    await context.setOffline(true);
    await expect(page.getByRole('heading', { name: 'Área administrativa indisponível offline' })).toBeVisible();
    await shot(page, 'offline', viewport.width);
    await context.setOffline(false);
  });
}

test('admin pages: pulsing skeleton while the server answers, the error state when it fails', async ({ page, context }) => {
  test.setTimeout(90_000);
  const email = `admin-estados-${Date.now().toString(36)}@exemplo.com.br`;
  await createAdmin(email);
  await signIn(page, email);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // The worker's request for the counters waits until the skeleton has been seen.
    const release = await holdRoute(context, '**/rest/v1/rpc/count_users*');
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await shot(page, 'dashboard-loading', viewport.width);
    release();
    await expect(page.getByRole('region', { name: 'Total de Usuários' })).toBeVisible();
    await context.unroute('**/rest/v1/rpc/count_users*');

    // The server fails every time: after the retries, the spec's sentence and 'Tentar novamente'.
    await context.route('**/rest/v1/rpc/admin_users_page*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await page.goto('/admin/users');
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar usuários' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await shot(page, 'users-error', viewport.width);
    await context.unroute('**/rest/v1/rpc/admin_users_page*');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByText('Página 1 de', { exact: false })).toBeVisible();
  }
});

test('an owner who opens /admin is sent to /dashboard', async ({ page }) => {
  const email = `dona-admin-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
});
