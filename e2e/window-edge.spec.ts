// The lists at the edge of the window of facts the device keeps, at 360 px and 1280 px: a sales period reaching
// before the window goes on with the older sales read online ('Nenhuma venda anterior a DD/MM/AAAA neste período.'
// when there are none), and the expenses, a client's statement and a product's stock history end with their own line.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `window-edge-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;
const WINDOW_DAYS = 90;

/** A day in São Paulo (the browser's time zone in playwright.config.ts), `days` before today. */
function daySaoPaulo(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - days * 86_400_000));
}

const shown = (day: string) => day.split('-').reverse().join('/');

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

test(`lists say where the window starts on a phone, each screen also on a desktop`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `janela-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  const arroz = await insertAs(userId, 'produtos', { nome: 'Arroz Tipo 1', preco: 25, unidade: 'un', estoque_minimo: 1 });
  await insertAs(userId, 'historico_estoque', { produto_id: arroz, tipo: 'ajuste', quantidade: 40 });
  const maria = await insertAs(userId, 'clientes', { nome: 'Maria Souza', telefone: '11987654321', is_fiado: true });
  await insertAs(userId, 'fiado_lancamentos', { cliente_id: maria, tipo: 'debito', valor: 30, data: daySaoPaulo(2) });
  await insertAs(userId, 'despesas', { descricao: 'Conta de luz', valor: 120, data: daySaoPaulo(3) });
  const keptFrom = shown(daySaoPaulo(WINDOW_DAYS));

  await signIn(page, email);
  await page.goto('/sales/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de vendas' })).toBeVisible();
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('De', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 60));
  await page.getByLabel('Até', { exact: true }).fill(daySaoPaulo(WINDOW_DAYS + 30));
  // Online, the older sales are read from the server: this shop has none before the window.
  await expect(page.getByText(`Nenhuma venda anterior a ${keptFrom} neste período.`)).toBeVisible({ timeout: 20_000 });
  await shot(page, 'sales');

  await page.goto('/expenses');
  await expect(page.getByText('Conta de luz').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Despesas anteriores a ${keptFrom} disponíveis apenas online`)).toBeVisible();
  await shot(page, 'expenses');

  await page.goto(`/clients/${maria}`);
  await expect(page.getByTestId('statement-entry')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText(`Lançamentos anteriores a ${keptFrom} disponíveis apenas online`)).toBeVisible();
  await shot(page, 'statement');

  await page.goto(`/products/${arroz}`);
  await expect(page.getByTestId('stock-history')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`Movimentações anteriores a ${keptFrom} disponíveis apenas online`)).toBeVisible();
  await shot(page, 'stock-history');
});
