// /admin/payments and /admin/settings at 360 px and 1280 px against the local stack: the payments' cards, search,
// filters, pages of 10 and the CSV export of the filtered list; the settings' four tabs (keyboard), a setting
// saved by key (and a bad whole number refused in Portuguese), the static switches said to be not saved, the SLA
// alerts, and an IP blocked in the UI refusing a sign-in from that address (forwarded by the stack's trusted
// proxy) with the app's Portuguese message until it is unblocked. Skeleton, empty and error states too.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { contextFrom, createAdmin, holdRoute, service } from './support/admin.ts';
import { createConfirmedOwner, PASSWORD, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `admin-${name}`, width);

async function chooseFilter(page: Page, width: number, label: string, option: string): Promise<void> {
  if (width < 768) {
    await page.getByRole('button', { name: /^Filtros/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtros' });
    await dialog.getByLabel(label, { exact: true }).selectOption({ label: option });
    await shot(page, 'payments-filters', width);
    await dialog.getByRole('button', { name: 'Aplicar' }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }
}

for (const viewport of VIEWPORTS) {
  test(`admin payments at ${viewport.width} px`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const tag = `pg${viewport.width}x${Date.now().toString(36)}`;
    const ownerId = await createConfirmedOwner(`${tag}@exemplo.com.br`, {
      nome: `Dona Pagante ${tag}`,
      nome_mercado: 'Mercado Pago',
    });
    const now = Date.now();
    await service('/rest/v1/planos_pagamentos', {
      method: 'POST',
      body: [
        ...Array.from({ length: 11 }, (_, index) => ({
          user_id: ownerId,
          status: 'pago',
          plano: 'premium',
          periodo: 'monthly',
          transacao_id: `${tag}-tx-${String(index).padStart(2, '0')}`,
          created_at: new Date(now - index * 60_000).toISOString(),
        })),
        {
          user_id: ownerId,
          status: 'pendente',
          plano: 'premium',
          periodo: 'yearly',
          transacao_id: `${tag}-anual`,
          created_at: new Date(now - 3 * 86_400_000).toISOString(),
        },
      ],
    });
    const email = `admin-pg-${tag}@exemplo.com.br`;
    await createAdmin(email);
    await signIn(page, email);

    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamentos' })).toBeVisible();
    // The first answer of a fresh stack may take a while on a busy machine.
    for (const card of ['Receita Total', 'Total de Transações', 'Pagamentos Pendentes', 'Assinaturas Ativas']) {
      await expect(page.getByRole('region', { name: card, exact: true })).toBeVisible({ timeout: 20_000 });
    }
    const transactions = Number(
      ((await page.getByRole('region', { name: 'Total de Transações' }).locator('p').first().textContent()) ?? '').replace(
        /\D/g,
        '',
      ),
    );
    expect(transactions).toBeGreaterThanOrEqual(12);

    // Search by the transaction id: 12, ten then two.
    await page.getByRole('searchbox', { name: 'Buscar por nome, email ou ID da transação' }).fill(tag);
    await expect(page.getByText('12 pagamentos')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    const cards = page.getByRole('list', { name: 'Pagamentos' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(`${tag}-tx-00`);
    await expect(cards.first()).toContainText('Pago');
    await expect(cards.first()).toContainText('R$ 14,90');
    await shot(page, 'payments', viewport.width);
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(cards).toHaveCount(2);

    // Status filter: the pending yearly one, at the yearly price; back on page 1.
    await chooseFilter(page, viewport.width, 'Status', 'Pendente');
    await expect(page.getByText('1 pagamento', { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${tag}-anual`);
    await expect(cards.first()).toContainText('R$ 143,00');
    await chooseFilter(page, viewport.width, 'Período', 'Hoje');
    await expect(page.getByText('Nenhum pagamento encontrado')).toBeVisible();
    await shot(page, 'payments-empty', viewport.width);
    await chooseFilter(page, viewport.width, 'Período', 'Últimos 7 dias');
    await expect(cards).toHaveCount(1);

    // 'Exportar': the filtered list as CSV.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar' }).click();
    const file = await download;
    await expect(page.getByText('1 pagamento exportado')).toBeVisible();
    expect(file.suggestedFilename()).toMatch(/^pagamentos_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Usuário;Email;Status;Plano;Período;Data;ID da Transação;Valor');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`Dona Pagante ${tag};${tag}@exemplo.com.br;Pendente;Premium;anual;`);
    expect(csv[1]).toMatch(new RegExp(`;${tag}-anual;143,00$`));

    // 'Atualizar' asks the server again.
    const asked = page.waitForRequest((request) => request.url().includes('/rest/v1/rpc/admin_payments_page'));
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await asked;

    // Offline: the admin area says it needs a connection.
    await context.setOffline(true);
    await expect(page.getByRole('heading', { name: 'Área administrativa indisponível offline' })).toBeVisible();
    await shot(page, 'payments-offline', viewport.width);
    await context.setOffline(false);
  });
}

test('admin settings: system settings, security, support SLA and blocked IPs at 360 and 1280 px', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = `admin-cfg-${Date.now().toString(36)}@exemplo.com.br`;
  await createAdmin(email);
  const ownerEmail = `dona-ip-${Date.now().toString(36)}@exemplo.com.br`;
  const ownerId = await createConfirmedOwner(ownerEmail);
  await signIn(page, email);

  for (const [index, viewport] of VIEWPORTS.entries()) {
    await page.setViewportSize(viewport);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Configurações do Sistema' })).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Seções das configurações' });
    await expect(tabs.getByRole('tab', { name: 'Sistema' })).toHaveAttribute('aria-selected', 'true');

    // Sistema: one card per setting; a bad whole number refused on its field, a good one saved by key.
    const limits = page.getByRole('region', { name: 'Limites do Plano Gratuito' });
    await expect(limits.getByText(/^Última atualização: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Configurações de Segurança' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Configurações de Notificação' })).toBeVisible();
    const products = limits.getByLabel('Limite de produtos');
    await expect(products).toHaveValue(index === 0 ? '50' : '60');
    await products.fill('5,5');
    await limits.getByRole('button', { name: 'Salvar' }).click();
    await expect(limits.getByText('Informe um número inteiro.')).toBeVisible();
    await shot(page, 'settings', viewport.width);
    await products.fill(String(60 + index));
    await limits.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configuração atualizada com sucesso')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Limites do Plano Gratuito' }).getByLabel('Limite de produtos')).toHaveValue(
      String(60 + index),
    );
    const notifications = page.getByRole('region', { name: 'Configurações de Notificação' });
    await notifications.getByRole('switch', { name: 'Notificações push' }).click();
    await notifications.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configuração atualizada com sucesso').first()).toBeVisible();

    // The tabs by keyboard: arrows move between them.
    await tabs.getByRole('tab', { name: 'Sistema' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Segurança' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Estas opções são apenas ilustrativas e não são salvas.')).toBeVisible();
    await expect(page.getByText('Nenhum alerta de segurança no momento.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Exigir senha forte' })).toBeVisible();
    await shot(page, 'settings-security', viewport.width);
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Suporte' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('SLA de primeira resposta (horas)')).toHaveValue('24');
    if (index === 0) {
      await expect(page.getByText('Todos os tickets estão dentro do SLA')).toBeVisible();
      await shot(page, 'settings-support-empty', viewport.width);
      await service('/rest/v1/support_tickets', {
        method: 'POST',
        body: { user_id: ownerId, title: 'Caixa não fecha', created_at: new Date(Date.now() - 20 * 3_600_000).toISOString() },
      });
      await page.getByRole('button', { name: 'Atualizar alertas' }).click();
    }
    const alert = page.getByRole('listitem').filter({ hasText: 'Caixa não fecha' });
    await expect(alert).toContainText(/\d,\d h restantes/);
    // The badge is the ticket's priority (Média by default), not 'Urgente' for every alert.
    await expect(alert).toContainText('Média');
    await expect(alert).not.toContainText('Urgente');
    await shot(page, 'settings-support', viewport.width);

    // IPs Bloqueados: the empty list, the form's checks, a block, and the address refused at sign-in.
    await tabs.getByRole('tab', { name: 'IPs Bloqueados' }).click();
    await expect(page.getByText('Nenhum IP bloqueado')).toBeVisible();
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(page.getByText('Informe o endereço IP')).toBeVisible();
    await page.getByLabel('Endereço IP').fill('999.1.1.1');
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(page.getByText(/^Endereço IP inválido/)).toBeVisible();
    await shot(page, 'settings-ips-empty', viewport.width);
    const address = `203.0.113.${String(70 + index)}`;
    await page.getByLabel('Endereço IP').fill(address);
    await page.getByLabel('Motivo').fill('Tentativas de login suspeitas');
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expect(page.getByText('IP bloqueado com sucesso')).toBeVisible();
    const row = page.getByRole('list', { name: 'IPs bloqueados' }).getByRole('listitem').filter({ hasText: address });
    await expect(row).toContainText('Tentativas de login suspeitas');
    await shot(page, 'settings-ips', viewport.width);

    const blockedContext = await contextFrom(browser, address);
    try {
      const blocked = await blockedContext.newPage();
      await blocked.setViewportSize(viewport);
      await blocked.goto('/login');
      await blocked.getByLabel('Email').fill(ownerEmail);
      await blocked.getByLabel('Senha', { exact: true }).fill(PASSWORD);
      await blocked.getByRole('button', { name: 'Entrar', exact: true }).click();
      await expect(blocked.getByText('Acesso bloqueado para este endereço IP.')).toBeVisible();
      await expect(blocked).toHaveURL(/\/login$/);
      await screenshot(blocked, 'admin-settings-ip-refused', viewport.width);

      await row.getByRole('button', { name: `Desbloquear ${address}` }).click();
      await expect(page.getByText('IP desbloqueado com sucesso')).toBeVisible();
      await expect(page.getByText('Nenhum IP bloqueado')).toBeVisible();
      await blocked.getByRole('button', { name: 'Entrar', exact: true }).click();
      await expect(blocked).toHaveURL(/\/dashboard$/);
    } finally {
      await blockedContext.close();
    }
  }
  // Leave the free plan's cap as the other specs expect it.
  await service('/rest/v1/system_settings?key=eq.free_plan_limits', {
    method: 'PATCH',
    body: { value: { products: 50, clients: 100 } },
  });
});

test('admin payments and settings: skeleton while the server answers, the error state when it fails', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `admin-pg-estados-${Date.now().toString(36)}@exemplo.com.br`;
  await createAdmin(email);
  await signIn(page, email);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const release = await holdRoute(context, '**/rest/v1/rpc/admin_payments_*');
    await page.goto('/admin/payments');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' }).first()).toBeVisible();
    await shot(page, 'payments-loading', viewport.width);
    release();
    await expect(page.getByRole('region', { name: 'Receita Total' })).toBeVisible();
    await context.unroute('**/rest/v1/rpc/admin_payments_*');

    await context.route('**/rest/v1/rpc/admin_payments_page*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await page
      .getByRole('searchbox', { name: 'Buscar por nome, email ou ID da transação' })
      .fill(`erro-${String(viewport.width)}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar pagamentos' })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'payments-error', viewport.width);
    await context.unroute('**/rest/v1/rpc/admin_payments_page*');

    const releaseSettings = await holdRoute(context, '**/rest/v1/system_settings*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
    );
    await page.goto('/admin/settings');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' }).first()).toBeVisible();
    await shot(page, 'settings-loading', viewport.width);
    releaseSettings();
    await expect(page.getByRole('alert').filter({ hasText: 'Erro ao carregar configurações' })).toBeVisible({ timeout: 20_000 });
    await shot(page, 'settings-error', viewport.width);
    await context.unroute('**/rest/v1/system_settings*');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('region', { name: 'Limites do Plano Gratuito' })).toBeVisible();
  }
});
