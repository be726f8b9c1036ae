// The dashboard at 360 px and 1280 px: a new owner sees the empty state offline; an owner whose products and sale
// were seeded through the local stack's REST (the sales screen is not built yet) sees the device pull them, a
// second sale on the server move the figures without reload, then, offline, the figures, the chart and the
// low-stock list, which follows a product created offline through the product form.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

/**
 * REST with the service key, rows owned by the owner (user_id): a write with the owner's own token would need a
 * registered device session (the free plan's one-device rule), and this seed stands for another device.
 */
async function ownerRest() {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  let counter = 0;
  const hlc = () => `${Date.now().toString(36).padStart(11, '0')}:${(counter++).toString(36).padStart(5, '0')}:semente`;
  const insert = async (table: string, row: Record<string, unknown>): Promise<string> => {
    const id = crypto.randomUUID();
    const response = await fetch(`${STACK_URL}/rest/v1/${table}`, {
      method: 'POST',
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, ...row }),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return id;
  };
  return { insert, hlc };
}

/** Today's date in São Paulo (the browser's time zone in playwright.config.ts). */
function todaySaoPaulo(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

const shot = (page: Page, name: string) => screenshot(page, `dashboard-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`a new owner's dashboard offline on a phone, each screen also on a desktop: no sales yet, Nova venda, stock adequate`, async ({
  page,
  context,
}) => {
  await page.setViewportSize(viewport);
  const email = `painel-novo-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email);
  await signIn(page, email);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Carlos!' })).toBeVisible();
  await expect(page.getByText('Mercadinho Lima', { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('today-sales')).toContainText(`R$${NBSP}0,00`);
  await expect(page.getByTestId('no-sales')).toContainText('Nenhuma venda registrada ainda');
  await expect(page.getByTestId('no-sales').getByRole('link', { name: 'Nova venda' })).toHaveAttribute('href', '/sales');
  await expect(page.getByText('Todos os produtos estão com estoque adequado!')).toBeVisible();
  const actions = page.getByRole('navigation', { name: 'Ações rápidas' });
  await expect(actions.getByRole('link', { name: 'Novo produto' })).toHaveAttribute('href', '/products/new');
  await expect(actions.getByRole('link', { name: 'Novo cliente' })).toHaveAttribute('href', '/clients/new');
  await shot(page, 'new-owner');
});

test(`the dashboard's figures on a phone, each screen also on a desktop: pulled, moved live by a new sale, then offline`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const email = `painel-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  const rest = await ownerRest();
  const arroz = await rest.insert('produtos', {
    user_id: userId,
    nome: 'Arroz Tipo 1',
    preco: 25,
    unidade: 'un',
    estoque_minimo: 5,
  });
  const carne = await rest.insert('produtos', {
    user_id: userId,
    nome: 'Carne moída',
    preco: 40,
    unidade: 'kg',
    estoque_minimo: 5,
  });
  await rest.insert('historico_estoque', {
    user_id: userId,
    produto_id: arroz,
    tipo: 'ajuste',
    quantidade: 40,
    hlc: rest.hlc(),
  });
  await rest.insert('historico_estoque', {
    user_id: userId,
    produto_id: carne,
    tipo: 'ajuste',
    quantidade: 3,
    hlc: rest.hlc(),
  });
  const item = (produto: string, nome: string, unidade: string, quantidade: number, preco: number) => ({
    produto_id: produto,
    quantidade,
    preco_unitario: preco,
    preco_total: quantidade * preco,
    nome_produto: nome,
    unidade_produto: unidade,
  });
  await rest.insert('vendas', {
    user_id: userId,
    data: todaySaoPaulo(),
    total: 80,
    tipo: 'avista',
    hlc: rest.hlc(),
    itens: [item(arroz, 'Arroz Tipo 1', 'un', 2, 25), item(carne, 'Carne moída', 'kg', 0.75, 40)],
  });

  await signIn(page, email);
  const today = page.getByTestId('today-sales');
  await expect(today).toContainText(`R$${NBSP}80,00`, { timeout: 20_000 });
  await expect(today).toContainText('1 venda');

  // Another device sells: the figures move without a reload.
  await rest.insert('vendas', {
    user_id: userId,
    data: todaySaoPaulo(),
    total: 25,
    tipo: 'avista',
    hlc: rest.hlc(),
    itens: [item(arroz, 'Arroz Tipo 1', 'un', 1, 25)],
  });
  await expect(today).toContainText(`R$${NBSP}105,00`, { timeout: 20_000 });
  await expect(today).toContainText('2 vendas');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Carlos!' })).toBeVisible();
  await expect(today).toContainText(`R$${NBSP}105,00`);
  await expect(page.getByRole('radio', { name: 'Semana' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Vendas da semana' })).toBeVisible();
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('kpi-total')).toContainText(`R$${NBSP}105,00`);
  await expect(page.getByTestId('kpi-count')).toContainText('2');
  await expect(page.getByTestId('kpi-averageTicket')).toContainText(`R$${NBSP}52,50`);
  await expect(page.getByTestId('kpi-fiado')).toContainText(`R$${NBSP}0,00`);
  await expect(page.getByTestId('top-products').getByRole('listitem')).toHaveText([
    `1Arroz Tipo 1R$${NBSP}75,003 un`,
    `2Carne moídaR$${NBSP}30,000,75 kg`,
  ]);
  const lowStock = page.getByTestId('low-stock');
  await expect(lowStock.getByRole('listitem')).toHaveCount(1);
  await expect(lowStock).toContainText('Carne moída');
  await expect(lowStock).toContainText('2,25 kg (mínimo 5 kg)');
  await expect(page.getByRole('link', { name: 'Ver todos os produtos' })).toHaveAttribute('href', '/products?estoque=baixo');
  await shot(page, 'semana');

  await page.getByText('Dia', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Dia' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Vendas de hoje por hora' })).toBeVisible();
  await expect(page.getByTestId('kpi-count')).toContainText('2');
  await page.getByRole('radio', { name: 'Dia' }).press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Semana' })).toBeChecked();
  await page.getByText('Mês', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vendas do mês' })).toBeVisible();
  await expect(page.getByTestId('kpi-total')).toContainText(`R$${NBSP}105,00`);
  await expect(page.getByTestId('sales-chart').locator('canvas')).toBeVisible();
  await shot(page, 'mes');

  // A product created offline below its minimum joins the low-stock list.
  await page.getByRole('navigation', { name: 'Ações rápidas' }).getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  await page.getByLabel('Nome do produto').fill('Feijão Carioca');
  await page.getByLabel('Preço de venda (R$)').pressSequentially('850');
  await page.getByLabel('Estoque inicial').fill('2');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await page.getByRole('link', { name: 'Início' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(lowStock.getByRole('listitem')).toHaveCount(2);
  await expect(lowStock.getByRole('listitem').first()).toContainText('Feijão Carioca');
  await expect(page.getByTestId('low-stock-count')).toHaveText('Mostrando 2 de 2 produtos com estoque baixo.');
});
