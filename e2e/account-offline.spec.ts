// Offline with the owner's data: the app reloads into the shell with the notifications from the device's copy,
// changes made offline are counted as pending and reach the server after reconnecting, and 'Sair' is refused
// while they wait on the device.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { STACK_URL } from '../playwright.config.ts';

const PASSWORD = 'Senha@123';
const SYNC_TIMEOUT = 20_000;

interface ServerNotification {
  id: string;
  mensagem: string;
  lido: boolean;
  _deleted: boolean;
}

async function serviceHeaders(): Promise<Record<string, string>> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

/** A confirmed owner with the given notifications written on the server (oldest first). */
async function ownerWithNotifications(prefix: string, messages: readonly string[]): Promise<{ email: string; userId: string }> {
  const headers = await serviceHeaders();
  const email = `${prefix}-${Date.now()}@exemplo.com.br`;
  const created = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { nome: 'Ana Prado', nome_mercado: 'Mercearia Prado' },
    }),
  });
  expect(created.ok).toBe(true);
  const { id: userId } = (await created.json()) as { id: string };
  const base = Date.now() - 60 * 60_000;
  const rows = messages.map((mensagem, index) => ({
    user_id: userId,
    tipo: 'estoque_baixo',
    mensagem,
    lido: false,
    created_at: new Date(base + index * 60_000).toISOString(),
  }));
  const inserted = await fetch(`${STACK_URL}/rest/v1/notificacoes`, { method: 'POST', headers, body: JSON.stringify(rows) });
  expect(inserted.ok).toBe(true);
  return { email, userId };
}

/** The owner's notifications as the server holds them, read with the service key (never through the app). */
async function serverNotifications(userId: string): Promise<ServerNotification[]> {
  const response = await fetch(
    `${STACK_URL}/rest/v1/notificacoes?select=id,mensagem,lido,_deleted&user_id=eq.${userId}&order=mensagem`,
    {
      headers: await serviceHeaders(),
    },
  );
  expect(response.ok).toBe(true);
  return (await response.json()) as ServerNotification[];
}

function summary(rows: readonly ServerNotification[]): { mensagem: string; lido: boolean; _deleted: boolean }[] {
  return rows.map(({ mensagem, lido, _deleted }) => ({ mensagem, lido, _deleted }));
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('offline: reload into the shell with the local notifications; changes made then reach the server after reconnecting', async ({
  page,
  context,
}) => {
  const messages = [
    'Açúcar 1kg com estoque baixo (3 un)',
    'Café 500g com estoque baixo (1 un)',
    'Feijão 1kg com estoque baixo (2 un)',
  ];
  const { email, userId } = await ownerWithNotifications('offline-dados', messages);
  await signIn(page, email);
  // The owner's data is on the device once the badge counts it.
  await expect(page.getByTestId('notification-badge')).toHaveText('3', { timeout: SYNC_TIMEOUT });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('market-name')).toHaveText('Mercearia Prado');
  const banner = page.getByRole('status').filter({ hasText: 'Offline. Ao conectar-se' });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('notification-badge')).toHaveText('3');
  await expect(page.getByTestId('pending-changes')).toHaveCount(0);

  await page.getByRole('button', { name: 'Notificações: 3 não lidas' }).click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  for (const message of messages) await expect(panel.getByText(message)).toBeVisible();
  await panel.getByRole('listitem').filter({ hasText: 'Café 500g' }).getByRole('button', { name: 'Marcar como lida' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveText('2');
  await panel
    .getByRole('listitem')
    .filter({ hasText: 'Feijão 1kg' })
    .getByRole('button', { name: 'Excluir notificação' })
    .click();
  await expect(page.getByText('Notificação excluída')).toBeVisible();
  await expect(panel.getByText('Feijão 1kg')).toHaveCount(0);
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Two changes wait on the device: the header counts them, the banner says so, the server has neither.
  const pendingButton = page.getByRole('button', { name: '2 alterações não sincronizadas' });
  await expect(pendingButton).toBeVisible();
  await expect(pendingButton).toHaveText('2');
  await expect(banner).toContainText('2 alterações aguardando envio.');
  await pendingButton.click();
  await expect(page.getByText('2 alterações salvas neste aparelho ainda não foram enviadas ao servidor.')).toBeVisible();
  await expect(page.getByText('serão enviadas sozinhas quando a internet voltar')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/offline-pending-1280.png' });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(pendingButton).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/offline-pending-360.png' });
  await pendingButton.click();
  await page.screenshot({ path: 'test-results/screens/offline-pending-panel-360.png' });
  await page.keyboard.press('Escape');
  expect(summary(await serverNotifications(userId))).toEqual([
    { mensagem: messages[0], lido: false, _deleted: false },
    { mensagem: messages[1], lido: false, _deleted: false },
    { mensagem: messages[2], lido: false, _deleted: false },
  ]);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('pending-changes')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
  await expect(async () => {
    expect(summary(await serverNotifications(userId))).toEqual([
      { mensagem: messages[0], lido: false, _deleted: false },
      { mensagem: messages[1], lido: true, _deleted: false },
      { mensagem: messages[2], lido: false, _deleted: true },
    ]);
  }).toPass({ timeout: SYNC_TIMEOUT });
  await expect(page.getByTestId('notification-badge')).toHaveText('1');
});

test("'Sair' is refused while a change made offline waits on the device, and allowed once it is synced", async ({
  page,
  context,
}) => {
  const { email, userId } = await ownerWithNotifications('offline-sair', ['Leite 1L com estoque baixo (4 un)']);
  await signIn(page, email);
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: SYNC_TIMEOUT });
  await page.getByRole('link', { name: 'Minha Conta' }).click();
  await expect(page.getByTestId('device-sync-status')).toHaveText(
    'Tudo sincronizado: nenhuma alteração pendente neste aparelho.',
  );

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline. Ao conectar-se' })).toBeVisible();
  await page.getByRole('button', { name: 'Notificações: 1 não lidas' }).click();
  await page.getByRole('dialog', { name: 'Notificações' }).getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('device-sync-status')).toHaveText(
    '1 alteração salva neste aparelho ainda não foi enviada ao servidor.',
  );

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByText('Ainda há dados para sincronizar')).toBeVisible();
  await expect(
    page.getByText(
      'Há 1 alteração salva só neste aparelho. Conecte-se à internet e aguarde a sincronização antes de sair, para não perder nada.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('market-name')).toHaveText('Mercearia Prado');
  await page.screenshot({ path: 'test-results/screens/signout-refused-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByTestId('device-sync-status').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/signout-refused-360.png' });

  await context.setOffline(false);
  await expect(page.getByTestId('device-sync-status')).toHaveText(
    'Tudo sincronizado: nenhuma alteração pendente neste aparelho.',
    {
      timeout: SYNC_TIMEOUT,
    },
  );
  expect(summary(await serverNotifications(userId))).toEqual([
    { mensagem: 'Leite 1L com estoque baixo (4 un)', lido: true, _deleted: false },
  ]);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a second tab counts the changes waiting on the device and refuses 'Sair' too (only one tab replicates)", async ({
  page,
  context,
}) => {
  const { email, userId } = await ownerWithNotifications('offline-abas', ['Arroz 5kg com estoque baixo (2 un)']);
  await signIn(page, email);
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: SYNC_TIMEOUT });

  // The first tab holds the leadership and replicates; the second shares the device's database.
  const second = await context.newPage();
  const replicationRequests = { first: 0, second: 0 };
  const isReplication = (url: string) => url.includes('/rest/v1/rpc/replicate_');
  page.on('request', (request) => {
    if (isReplication(request.url())) replicationRequests.first += 1;
  });
  second.on('request', (request) => {
    if (isReplication(request.url())) replicationRequests.second += 1;
  });
  await second.goto('/account');
  await expect(second.getByTestId('notification-badge')).toHaveText('1', { timeout: SYNC_TIMEOUT });
  await expect(second.getByTestId('device-sync-status')).toHaveText(
    'Tudo sincronizado: nenhuma alteração pendente neste aparelho.',
    {
      timeout: SYNC_TIMEOUT,
    },
  );

  await context.setOffline(true);
  await second.getByRole('button', { name: 'Notificações: 1 não lidas' }).click();
  await second.getByRole('dialog', { name: 'Notificações' }).getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await second.keyboard.press('Escape');
  await expect(second.getByTestId('device-sync-status')).toHaveText(
    '1 alteração salva neste aparelho ainda não foi enviada ao servidor.',
    {
      timeout: SYNC_TIMEOUT,
    },
  );
  await second.getByRole('button', { name: 'Sair' }).click();
  await expect(second.getByText('Ainda há dados para sincronizar')).toBeVisible();
  await expect(second).toHaveURL(/\/account$/);

  await context.setOffline(false);
  await expect(second.getByTestId('device-sync-status')).toHaveText(
    'Tudo sincronizado: nenhuma alteração pendente neste aparelho.',
    {
      timeout: SYNC_TIMEOUT,
    },
  );
  expect(summary(await serverNotifications(userId))).toEqual([
    { mensagem: 'Arroz 5kg com estoque baixo (2 un)', lido: true, _deleted: false },
  ]);
  // The change made in the second tab went up through the first tab's worker.
  expect(replicationRequests.first).toBeGreaterThan(0);
  expect(replicationRequests.second).toBe(0);
  await second.close();
});

test("'Sincronizar agora' in a second tab reaches the tab that replicates", async ({ page, context }) => {
  const { email, userId } = await ownerWithNotifications('abas-sincronizar', ['Óleo 900ml com estoque baixo (1 un)']);
  await signIn(page, email);
  await expect(page.getByTestId('notification-badge')).toHaveText('1', { timeout: SYNC_TIMEOUT });
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByTestId('notification-badge')).toHaveText('1', { timeout: SYNC_TIMEOUT });

  // The server refuses pushes for a while: the change made in the second tab waits, online.
  await context.route('**/rest/v1/rpc/replicate_push', (route) => route.abort());
  await second.getByRole('button', { name: 'Notificações: 1 não lidas' }).click();
  await second.getByRole('dialog', { name: 'Notificações' }).getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await second.keyboard.press('Escape');
  const pendingButton = second.getByRole('button', { name: '1 alteração não sincronizada' });
  await expect(pendingButton).toBeVisible({ timeout: SYNC_TIMEOUT });

  const pulls = { first: 0, second: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/replicate_pull')) pulls.first += 1;
  });
  second.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/replicate_pull')) pulls.second += 1;
  });
  await pendingButton.click();
  await second.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(() => {
    expect(pulls.first).toBeGreaterThan(0);
  }).toPass({ timeout: 5_000 });
  await second.keyboard.press('Escape');
  // Pushes go through again: the leader's next attempt sends the change.
  await context.unroute('**/rest/v1/rpc/replicate_push');
  await expect(second.getByTestId('pending-changes')).toHaveCount(0, { timeout: SYNC_TIMEOUT });
  expect(pulls.second).toBe(0);
  expect(summary(await serverNotifications(userId))).toEqual([
    { mensagem: 'Óleo 900ml com estoque baixo (1 un)', lido: true, _deleted: false },
  ]);
  await second.close();
});
