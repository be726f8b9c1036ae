// One shop, two phones, a day without internet. Both devices of a Premium owner go offline; each sells the same
// rice (one in cash, one on fiado to the same client), one edits a sale and the other deletes one, both add an
// expense (one under a category made that day) and a supplier. When the connection returns both show the same
// sales, the stock is the start minus what was sold, the client owes the fiado total, the expense summaries agree,
// and the server holds the same numbers.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { serviceRest as rest } from './support/admin.ts';
import { checkout } from './support/checkout.ts';
import { createConfirmedOwner, goOffline, NBSP, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const brl = (text: string) => `R$${NBSP}${text}`;
const shot = (page: Page, name: string, width: number) => screenshot(page, `two-devices-${name}`, width);
const RICE = 'Arroz Tio João 5 kg';

/** A sale of `quantity` rice from the new-sale screen; in cash, or on fiado to `client`. */
async function sell(page: Page, quantity: number, client?: string) {
  await page.goto('/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
  await page.getByLabel('Buscar produto por nome ou marca').fill('arroz');
  const add = page.getByRole('list', { name: 'Produtos' }).getByRole('button', { name: `Adicionar ${RICE} ao carrinho` });
  for (let unit = 0; unit < quantity; unit += 1) await add.click();
  await checkout(page, { client, lines: 1 });
}

/** Opens today's sale of `total` from the history in the edit screen. */
async function editSale(page: Page, total: string) {
  await page.goto('/sales/history');
  await page.getByRole('button', { name: 'Hoje' }).click();
  await page
    .getByRole('list', { name: 'Histórico de vendas' })
    .getByRole('button', { name: new RegExp(`Ver venda de .*${total}`) })
    .click();
  await page.getByRole('dialog', { name: 'Detalhes da Venda' }).getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Venda' })).toBeVisible();
}

async function addExpense(page: Page, descricao: string, digits: string, categoria?: string) {
  await page.goto('/expenses');
  await expect(page.getByRole('heading', { level: 1, name: 'Despesas' })).toBeVisible();
  if (categoria) {
    await page.getByRole('button', { name: 'Categorias' }).click();
    const categories = page.getByRole('dialog', { name: 'Gerenciar Categorias' });
    await categories.getByLabel('Nome da categoria').fill(categoria);
    await categories.getByRole('button', { name: 'Adicionar' }).click();
    await expect(categories.getByRole('list', { name: 'Categorias existentes' })).toContainText(categoria);
    await categories.getByRole('button', { name: 'Fechar' }).last().click();
  }
  await page.getByRole('button', { name: 'Nova Despesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
  await dialog.getByLabel('Descrição *').fill(descricao);
  await dialog.getByLabel('Valor *').pressSequentially(digits);
  if (categoria) {
    await dialog.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: categoria, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Criar Despesa' }).click();
  await expect(dialog).toBeHidden();
}

async function addSupplier(page: Page, nome: string) {
  await page.goto('/fornecedores');
  await page.getByRole('button', { name: 'Novo Fornecedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar Fornecedor' });
  await dialog.getByLabel('Nome *').fill(nome);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
}

/** What both devices must agree on once they have exchanged everything. */
async function expectShop(page: Page, ids: { rice: string; client: string }) {
  await page.goto('/sales/history');
  await page.getByRole('button', { name: 'Hoje' }).click();
  await expect(page.getByRole('list', { name: 'Histórico de vendas' }).getByRole('listitem')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText(`Total das vendas: ${brl('70,00')}`)).toBeVisible();
  await page.goto(`/products/${ids.rice}`);
  // 20 − 2 (cash) − 3 (fiado) − 2 (the edited sale); the deleted sale gave its unit back.
  await expect(page.getByTestId('current-stock')).toHaveText('13 un');
  await page.goto(`/clients/${ids.client}`);
  await expect(page.getByTestId('saldo')).toHaveText(brl('30,00'));
  await page.goto('/expenses');
  await expect(page.getByTestId('total-despesas')).toHaveText(brl('180,00'));
  await page.goto('/fornecedores');
  for (const nome of ['Distribuidora Sol', 'Atacadão Bom Preço']) await expect(page.getByText(nome)).toBeVisible();
}

test('two devices offline all day converge when the connection returns, and so does the server', async ({ browser }) => {
  test.setTimeout(300_000);
  const email = `dois-aparelhos-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Célia Prado', nome_mercado: 'Mercadinho Prado' });
  // Several devices at once is a Premium feature.
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await rest(`users?id=eq.${userId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');
  const [rice] = await rest<{ id: string }[]>('produtos', [{ user_id: userId, nome: RICE, preco: 10, preco_compra: 7 }]);
  const [client] = await rest<{ id: string }[]>('clientes', [
    { user_id: userId, nome: 'Maria das Dores', telefone: '11987654321' },
  ]);
  if (!rice || !client) throw new Error('seed');
  await rest('historico_estoque', [{ user_id: userId, produto_id: rice.id, tipo: 'ajuste', quantidade: 20 }]);
  const ids = { rice: rice.id, client: client.id };

  const devices: { context: BrowserContext; page: Page; width: number }[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, email);
    // The shop reaches the device before the network goes.
    await page.goto(`/products/${rice.id}`);
    await expect(page.getByTestId('current-stock')).toHaveText('20 un', { timeout: 30_000 });
    await page.goto(`/clients/${client.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Maria das Dores' })).toBeVisible();
    await goOffline(page, context);
    devices.push({ context, page, width: viewport.width });
  }
  const [a, b] = devices;
  if (!a || !b) throw new Error('devices');

  // Phone A: 2 rice in cash, then 1 more that is edited to 2.
  await sell(a.page, 2);
  await sell(a.page, 1);
  await editSale(a.page, '10,00');
  await a.page.getByRole('button', { name: `Aumentar ${RICE}` }).click();
  await a.page.getByRole('button', { name: 'Salvar' }).click();
  await expect(a.page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  // Phone B: 3 rice on fiado to Maria, and 1 in cash that is then deleted.
  await sell(b.page, 3, 'Maria das Dores');
  await sell(b.page, 1);
  await editSale(b.page, '10,00');
  await b.page.getByRole('button', { name: 'Excluir' }).click();
  await b.page.getByRole('alertdialog', { name: 'Excluir venda' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(b.page.getByText('Venda excluída com sucesso!')).toBeVisible();
  // Expenses (one under a category made today) and a supplier on each.
  await addExpense(a.page, 'Conta de luz', '15000', 'Energia');
  await addExpense(b.page, 'Frete da distribuidora', '3000');
  await addSupplier(a.page, 'Distribuidora Sol');
  await addSupplier(b.page, 'Atacadão Bom Preço');

  // The connection returns for both.
  for (const device of devices) await device.context.setOffline(false);
  for (const device of devices) {
    await expectShop(device.page, ids);
    await shot(device.page, 'suppliers', device.width);
  }

  // The server has the same numbers.
  const [product] = await rest<{ estoque: number }[]>(`produtos?id=eq.${rice.id}&select=estoque`);
  expect(product?.estoque).toBe(13);
  const [debtor] = await rest<{ saldo_devedor: number }[]>(`clientes?id=eq.${client.id}&select=saldo_devedor`);
  expect(debtor?.saldo_devedor).toBe(30);
  const sales = await rest<{ total: number; tipo: string }[]>(`vendas?user_id=eq.${userId}&_deleted=is.false&select=total,tipo`);
  expect(sales.map((sale) => `${sale.tipo} ${String(sale.total)}`).sort()).toEqual(['avista 20', 'avista 20', 'fiado 30']);
  const summary = await rest<{ total_geral: number }[] | { total_geral: number }>('rpc/get_expense_summary', {
    p_user_id: userId,
  });
  expect(Array.isArray(summary) ? summary[0]?.total_geral : summary.total_geral).toBe(180);
  const suppliers = await rest<{ nome: string }[]>(`fornecedores?user_id=eq.${userId}&_deleted=is.false&select=nome&order=nome`);
  expect(suppliers.map((row) => row.nome)).toEqual(['Atacadão Bom Preço', 'Distribuidora Sol']);
  for (const device of devices) await device.context.close();
});
