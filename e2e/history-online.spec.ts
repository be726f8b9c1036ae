// Sales older than the window, online, at 360 px and 1280 px: a period before the days the device keeps lists the
// server's sales under 'Vendas anteriores a DD/MM/AAAA', a sale's details open with 'Excluir' sent to the server,
// a client's statement reads its older entries on 'Ver lançamentos anteriores', and offline a list never read says
// 'Disponível apenas online' (never 'Nenhuma venda encontrada').
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `history-online-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;
const WINDOW_DAYS = 90;

/** A day in São Paulo (the browser's time zone in playwright.config.ts), `days` before today. */
function daySaoPaulo(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - days * 86_400_000));
}

const shown = (day: string) => day.split('-').reverse().join('/');
/** An HLC of noon UTC of `day`, as a device would have stamped a sale then. */
const hlcOf = (day: string) => `${Date.parse(`${day}T12:00:00Z`).toString(36).padStart(11, '0')}:00000:antigo`;

async function insertAs(userId: string, table: string, row: Record<string, unknown>): Promise<string> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const id = crypto.randomUUID();
  const response = await fetch(`${STACK_URL}/rest/v1/${table}`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id, user_id: userId, ...row }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
  return id;
}

test(`sales older than the window are read online on a phone, each screen also on a desktop`, async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  const email = `historico-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  const arroz = await insertAs(userId, 'produtos', { nome: 'Arroz Tipo 1', preco: 25, unidade: 'un' });
  const oldDay = daySaoPaulo(WINDOW_DAYS + 30);
  await insertAs(userId, 'vendas', {
    data: oldDay,
    total: 50,
    forma_pagamento: 'pix',
    hlc: hlcOf(oldDay),
    itens: [
      {
        produto_id: arroz,
        quantidade: 2,
        preco_unitario: 25,
        preco_total: 50,
        nome_produto: 'Arroz Tipo 1',
        unidade_produto: 'un',
      },
    ],
  });
  const maria = await insertAs(userId, 'clientes', { nome: 'Maria Souza', telefone: '11987654321', is_fiado: true });
  await insertAs(userId, 'fiado_lancamentos', {
    cliente_id: maria,
    tipo: 'debito',
    valor: 80,
    data: oldDay,
    descricao: 'Compra antiga',
    created_at: `${oldDay}T15:00:00Z`,
  });
  await insertAs(userId, 'fiado_lancamentos', { cliente_id: maria, tipo: 'pagamento', valor: 30, data: daySaoPaulo(2) });
  const keptFrom = shown(daySaoPaulo(WINDOW_DAYS));

  await signIn(page, email);
  await page.goto('/sales/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de vendas' })).toBeVisible();
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('De', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 60));
  await page.getByLabel('Até', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 10));
  await expect(page.getByRole('heading', { level: 2, name: `Vendas anteriores a ${keptFrom}` })).toBeVisible({
    timeout: 20_000,
  });
  const row = page.getByRole('button', {
    name: new RegExp(`^Ver venda de ${shown(oldDay).replaceAll('/', '\\/')} às \\d{2}:\\d{2}, R\\$\\s50,00$`),
  });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await shot(page, 'list');

  await row.click();
  const details = page.getByRole('dialog', { name: 'Detalhes da Venda' });
  await expect(details.getByText('Arroz Tipo 1')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Excluir' })).toBeEnabled();
  await expect(details.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await shot(page, 'details');
  await details.getByRole('button', { name: 'Fechar' }).first().click();

  // A client's statement goes on online: the older debit, its balance continuing from the entry above it.
  await page.goto(`/clients/${maria}`);
  await expect(page.getByTestId('statement-entry')).toHaveCount(1, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Ver lançamentos anteriores' }).click();
  const older = page.getByRole('list', { name: 'Lançamentos anteriores' });
  await expect(older.getByText('Compra antiga')).toBeVisible({ timeout: 20_000 });
  await expect(older.getByText(/^Saldo R\$\s80,00$/)).toBeVisible();
  await shot(page, 'statement');

  // Offline: a list never read says the older sales are online only.
  await goOffline(page, context);
  await page.goto('/sales/history');
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('De', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 50));
  await page.getByLabel('Até', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 20));
  await expect(page.getByRole('heading', { level: 2, name: `Vendas anteriores a ${keptFrom}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('note').filter({ hasText: 'Disponível apenas online' })).toBeVisible();
  await shot(page, 'offline');
  await context.setOffline(false);
});
