// The reports page at 360 px and 1280 px, offline after the first sync: a shop seeded on the server (sales today
// à vista and fiado, an old fiado, a payment, an expense, a product sold beyond its stock) shows its revenue chart,
// à vista x fiado, methods, margins, receivables by age and the oversold sale; a free owner sees the Premium
// call-to-action, a Premium owner exports the report (CSV parsed back, PDF text read); the custom range checks
// its dates; nothing spills sideways, a screenshot of each state.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { pdfPages } from '../tests/support/pdf-text.ts';
import { createConfirmedOwner, goOffline, NBSP, shot as screenshot, signIn } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `reports-${name}`, width);
const brl = (text: string) => `R$${NBSP}${text}`;

/** A calendar date in São Paulo, `days` from today. */
function spDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

async function rest(table: string, body: unknown, method = 'POST', query = ''): Promise<{ id: string }[]> {
  const key = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/rest/v1/${table}${query}`, {
    method,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${table}: ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as { id: string }[];
}

const item = (produto_id: string, nome: string, quantidade: number, preco: number) => ({
  produto_id,
  quantidade,
  preco_unitario: preco,
  preco_total: Math.round(quantidade * preco * 100) / 100,
  nome_produto: nome,
  marca_produto: null,
  unidade_produto: 'un',
});

/** The shop on the server: the device brings it down at sign-in. */
async function seedShop(userId: string): Promise<void> {
  const [arroz, feijao, bala] = await rest('produtos', [
    { user_id: userId, nome: 'Arroz 5kg', preco: 25, preco_compra: 20 },
    { user_id: userId, nome: 'Feijão Carioca', preco: 8, preco_compra: 5 },
    { user_id: userId, nome: 'Bala de Goma', preco: 0.5, preco_compra: 0 },
  ]);
  if (!arroz || !feijao || !bala) throw new Error('produtos');
  await rest('historico_estoque', [
    { user_id: userId, produto_id: arroz.id, tipo: 'ajuste', quantidade: 10 },
    { user_id: userId, produto_id: feijao.id, tipo: 'ajuste', quantidade: 1 },
    { user_id: userId, produto_id: bala.id, tipo: 'ajuste', quantidade: 100 },
  ]);
  const [maria] = await rest('clientes', [{ user_id: userId, nome: 'Maria das Dores', telefone: '11987654321' }]);
  if (!maria) throw new Error('clientes');
  const today = spDate();
  await rest('vendas', [
    {
      user_id: userId,
      data: spDate(-40),
      total: 30,
      tipo: 'fiado',
      cliente_id: maria.id,
      itens: [item(arroz.id, 'Arroz 5kg', 1.2, 25)],
    },
  ]);
  await rest('vendas', [
    {
      user_id: userId,
      data: today,
      total: 50,
      tipo: 'avista',
      forma_pagamento: 'pix',
      itens: [item(arroz.id, 'Arroz 5kg', 2, 25)],
    },
  ]);
  await rest('vendas', [
    {
      user_id: userId,
      data: today,
      total: 18,
      tipo: 'fiado',
      cliente_id: maria.id,
      itens: [item(feijao.id, 'Feijão Carioca', 2, 8), item(bala.id, 'Bala de Goma', 4, 0.5)],
    },
  ]);
  await rest('fiado_lancamentos', [{ user_id: userId, cliente_id: maria.id, tipo: 'pagamento', valor: 10, data: today }]);
  await rest('despesas', [{ user_id: userId, descricao: 'Conta de luz', valor: 30, data: today }]);
}

async function grantPremium(userId: string): Promise<void> {
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await rest('users', { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH', `?id=eq.${userId}`);
}

async function openReports(page: Page, width: number): Promise<void> {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: brl('68,00') })).toBeVisible();
  await expect(page.getByTestId('revenue-chart')).toHaveAttribute('data-painted', 'true');
  await shot(page, 'today', width);
}

async function checkTodayFigures(page: Page): Promise<void> {
  const kpis = page.getByRole('list').or(page.locator('dl')).filter({ hasText: 'Ticket médio' });
  // Arroz 2 × 20 + Feijão 2 × 5 at their purchase prices; the Bala has none and costs nothing here.
  await expect(page.getByTestId('kpi-costOfGoods')).toContainText(`Custo das mercadorias vendidas${brl('50,00')}`);
  await expect(page.getByTestId('kpi-costOfGoods')).toContainText('1 produto vendido não tem preço de compra');
  await expect(page.getByTestId('kpi-grossMargin')).toContainText(
    `Margem bruta${brl('18,00')}Faturamento menos o custo das mercadorias vendidas.`,
  );
  await expect(kpis).toContainText(`Despesas${brl('30,00')}`);
  const mix = page.getByRole('region', { name: 'À vista x Fiado' });
  await expect(mix).toContainText(`À vista${brl('50,00')} · 1 venda · 74%`);
  await expect(mix).toContainText(`Fiado${brl('18,00')} · 1 venda · 26%`);
  await expect(mix).toContainText(`Pix${brl('50,00')} · 1 venda · 100%`);
  const margin = page.getByRole('region', { name: 'Maior margem (preço − custo)' });
  await expect(margin.getByRole('row', { name: /Arroz 5kg/ })).toContainText(`${brl('10,00')} (20%)`);
  await expect(margin.getByRole('row', { name: /Feijão Carioca/ })).toContainText(`${brl('6,00')} (37,5%)`);
  await expect(margin).toContainText('1 produto vendido sem preço de compra ficou fora da margem.');
  const sellers = page.getByRole('region', { name: 'Mais vendidos (valor vendido)' });
  await expect(sellers.getByRole('row').nth(1)).toContainText(`Arroz 5kg2 un${brl('50,00')}`);
  await expect(sellers.getByRole('row').nth(3)).toContainText(`Bala de Goma4 un${brl('2,00')}`);
  // Maria owes 30 (40 days) + 18 (today) − 10 paid, which settles the oldest first: 20 at 31–60 days, 18 at 0–30.
  const receivables = page.getByRole('region', { name: 'Fiado a receber' });
  await expect(receivables.getByTestId('receber-total')).toHaveText(brl('38,00'));
  await expect(receivables).toContainText(`0–30 dias${brl('18,00')}0 clientes`);
  await expect(receivables).toContainText(`31–60 dias${brl('20,00')}1 cliente`);
  await expect(receivables.getByRole('link', { name: /Maria das Dores/ })).toContainText('31–60 dias · há 40 dias');
  const oversold = page.getByRole('region', { name: 'Vendidos além do estoque' });
  await expect(oversold.getByRole('link', { name: /Feijão Carioca/ })).toContainText('Estoque depois: -1 un');
}

test('reports for a free owner at 360 px, offline: the figures, the custom range, and the Premium call-to-action', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `relatorios-360-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  await seedShop(userId);
  await signIn(page, email);
  await openReports(page, 360);
  await goOffline(page, context);
  await expect(page.getByTestId('revenue-chart')).toHaveAttribute('data-painted', 'true');
  await checkTodayFigures(page);
  await expect(page.getByText('Assine o Premium e tenha relatórios avançados com exportação.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar' })).toHaveCount(0);
  await shot(page, 'free-offline', 360);

  // Personalizado: an end before the start is refused; the last 60 days include the old fiado sale.
  await page.getByRole('group', { name: 'Período do relatório' }).getByText('Personalizado', { exact: true }).click();
  await page.getByLabel('De', { exact: true }).fill(spDate(0));
  await page.getByLabel('Até', { exact: true }).fill(spDate(-1));
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByLabel('Até', { exact: true })).toHaveAccessibleDescription(
    'A data final deve ser igual ou posterior à inicial.',
  );
  await shot(page, 'range-invalid', 360);
  await page.getByLabel('De', { exact: true }).fill(spDate(-59));
  await page.getByLabel('Até', { exact: true }).fill(spDate(0));
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/periodo=custom/);
  await expect(page.getByRole('heading', { name: 'Faturamento por dia' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: brl('98,00') })).toBeVisible();
  await expect(page.getByTestId('revenue-chart')).toHaveAttribute('data-painted', 'true');
  await shot(page, 'custom', 360);

  // Semana: the week's chart, by day.
  await page.getByRole('group', { name: 'Período do relatório' }).getByText('Semana', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Faturamento por dia' })).toBeVisible();
  await expect(page).not.toHaveURL(/custom/);
});

test('reports for a Premium owner at 1280 px, offline: both exports opened and checked', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `relatorios-1280-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  await seedShop(userId);
  await grantPremium(userId);
  await signIn(page, email);
  await openReports(page, 1280);
  await goOffline(page, context);
  await checkTodayFigures(page);
  await expect(page.getByText('Assine o Premium e tenha relatórios avançados com exportação.')).toHaveCount(0);
  await shot(page, 'premium-offline', 1280);

  await page.getByRole('button', { name: 'Exportar' }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exportar CSV' }).click()]);
  expect(csv.suggestedFilename()).toBe(`relatorio_${spDate()}_${spDate()}.csv`);
  await expect(page.getByText('Relatório exportado em CSV')).toBeVisible();
  const text = (await readFile(await csv.path())).toString('utf8').replace(/^\uFEFF/, '');
  const rows = Papa.parse<string[]>(text, { delimiter: ';' }).data;
  expect(rows[0]).toEqual(['Período', 'Vendas', 'Faturamento']);
  expect(rows.slice(1, 25)).toHaveLength(24);
  expect(rows.slice(1, 25).reduce((sum, row) => sum + Number((row[2] ?? '0').replace(',', '.')), 0)).toBe(68);
  expect(rows).toContainEqual(['Faturamento', '', '68,00']);
  expect(rows).toContainEqual(['Custo das mercadorias vendidas', '', '50,00']);
  expect(rows).toContainEqual(['Margem bruta', '', '18,00']);
  expect(rows).toContainEqual(['Fiado a receber', '', '38,00']);

  await page.getByRole('button', { name: 'Exportar' }).click();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Exportar PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe(`relatorio_${spDate()}_${spDate()}.pdf`);
  const pages = (await pdfPages(new Uint8Array(await readFile(await pdf.path())))).join('\n');
  for (const expected of ['Relatório de Vendas', 'Período:', 'Gerado em', 'Faturamento: R$', '68,00', 'Margem bruta: R$']) {
    expect(pages).toContain(expected);
  }
});

for (const width of [360, 1280] as const) {
  test(`reports of a new owner at ${width} px, offline: no sales yet, with the way to the first sale`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const email = `relatorios-vazio-${width}-${Date.now()}@exemplo.com.br`;
    await createConfirmedOwner(email);
    await signIn(page, email);
    await goOffline(page, context);
    await page.goto('/reports?periodo=semana');
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
    await expect(page.getByText('Nenhuma venda registrada ainda')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nova venda' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Semana' })).toBeChecked();
    await shot(page, 'empty', width);
  });
}

for (const width of [360, 1280] as const) {
  test(`a period older than the device keeps at ${width} px: available online only while offline, the server's figures online`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const email = `relatorios-antigo-${width}-${Date.now()}@exemplo.com.br`;
    const userId = await createConfirmedOwner(email);
    const [arroz] = await rest('produtos', [{ user_id: userId, nome: 'Arroz 5kg', preco: 25, preco_compra: 20 }]);
    if (!arroz) throw new Error('produtos');
    await rest('vendas', [
      {
        user_id: userId,
        data: spDate(-120),
        total: 75,
        tipo: 'avista',
        forma_pagamento: 'pix',
        itens: [item(arroz.id, 'Arroz 5kg', 3, 25)],
      },
    ]);
    await signIn(page, email);
    await goOffline(page, context);
    await page.goto(`/reports?periodo=custom&de=${spDate(-130)}&ate=${spDate(-110)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Relatório disponível apenas online' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Este período é mais antigo do que o aparelho guarda');
    // No figure at all, not even a zero.
    await expect(page.getByTestId('revenue-chart')).toHaveCount(0);
    await expect(page.getByText('Faturamento', { exact: true })).toHaveCount(0);
    await shot(page, 'online-only', width);

    await context.setOffline(false);
    await expect(page.getByTestId('kpi-revenue')).toContainText(brl('75,00'), { timeout: 30_000 });
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('revenue-chart')).toHaveAttribute('data-painted', 'true');
    await shot(page, 'older-online', width);
  });
}
