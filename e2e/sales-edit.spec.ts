// The sales history, the sale details and 'Editar Venda' offline at 360 px and 1280 px: sales seeded on the
// server (standing for another device) are pulled, then with the network off the list filters by period and
// type, the details open and 'Compartilhar' falls back to the clipboard, an edit of quantities and type moves
// the stock and the client's balance, a deletion gives them back, and an unknown sale sends the owner to /sales.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `sales-edit-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

/** REST with the service key, rows owned by the owner: the seed stands for another device of the owner. */
async function ownerRest(userId: string) {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  let counter = 0;
  const hlc = () => `${Date.now().toString(36).padStart(11, '0')}:${(counter++).toString(36).padStart(5, '0')}:semente`;
  const insert = async (table: string, row: Record<string, unknown>): Promise<string> => {
    const id = crypto.randomUUID();
    const response = await fetch(`${STACK_URL}/rest/v1/${table}`, {
      method: 'POST',
      headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id, user_id: userId, ...row }),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return id;
  };
  return { insert, hlc };
}

/** A day in São Paulo (the browser's time zone in playwright.config.ts), `days` before today. */
function daySaoPaulo(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - days * 86_400_000));
}

const brl = (text: string) => text.replace('R$ ', `R$${NBSP}`);

test(`sales history, details and edit offline on a phone, each screen also on a desktop`, async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = `vendas-edicao-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email);
  const rest = await ownerRest(userId);
  const product = async (nome: string, preco: number, unidade: string, estoque: number, codigo_barras?: string) => {
    const id = await rest.insert('produtos', { nome, preco, unidade, estoque_minimo: 1, codigo_barras });
    await rest.insert('historico_estoque', { produto_id: id, tipo: 'ajuste', quantidade: estoque, hlc: rest.hlc() });
    return id;
  };
  const arroz = await product('Arroz Tipo 1', 25, 'un', 40);
  const queijo = await product('Queijo Minas', 45.9, 'kg', 5);
  const feijao = await product('Feijão Carioca', 8, 'un', 20, '7891234567895');
  const maria = await rest.insert('clientes', { nome: 'Maria Souza', telefone: '11987654321', is_fiado: false });
  const item = (produto: string, nome: string, unidade: string, quantidade: number, preco: number) => ({
    produto_id: produto,
    quantidade,
    preco_unitario: preco,
    preco_total: Math.round(quantidade * preco * 100) / 100,
    nome_produto: nome,
    unidade_produto: unidade,
  });
  const sale = (data: string, total: number, itens: unknown[], extra: Record<string, unknown>) =>
    rest.insert('vendas', { data, total, hlc: rest.hlc(), itens, ...extra });
  // A big sale 40 days ago: seven products, so its details table scrolls.
  const extras = [
    ['Café 500 g', 18],
    ['Açúcar 1 kg', 5],
    ['Leite 1 L', 6],
    ['Óleo de soja', 9],
  ] as const;
  const bigItems = [item(arroz, 'Arroz Tipo 1', 'un', 1, 25), item(feijao, 'Feijão Carioca', 'un', 1, 8)];
  bigItems.push(item(queijo, 'Queijo Minas', 'kg', 1, 45.9));
  for (const [nome, preco] of extras) bigItems.push(item(await product(nome, preco, 'un', 10), nome, 'un', 1, preco));
  await sale(daySaoPaulo(40), 116.9, bigItems, { tipo: 'avista', forma_pagamento: 'pix' });
  await sale(daySaoPaulo(60), 25, [item(arroz, 'Arroz Tipo 1', 'un', 1, 25)], { tipo: 'avista', forma_pagamento: 'dinheiro' });
  await sale(daySaoPaulo(20), 25, [item(arroz, 'Arroz Tipo 1', 'un', 1, 25)], {
    tipo: 'avista',
    forma_pagamento: 'cartao',
    forma_pagamento_descricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }),
  });
  await sale(daySaoPaulo(3), 24, [item(feijao, 'Feijão Carioca', 'un', 3, 8)], { tipo: 'avista', forma_pagamento: 'pix' });
  await sale(daySaoPaulo(), 50, [item(arroz, 'Arroz Tipo 1', 'un', 2, 25)], { tipo: 'avista', forma_pagamento: 'dinheiro' });
  const fiado = await sale(
    daySaoPaulo(),
    47.95,
    [item(arroz, 'Arroz Tipo 1', 'un', 1, 25), item(queijo, 'Queijo Minas', 'kg', 0.5, 45.9)],
    { tipo: 'fiado', cliente_id: maria },
  );

  await signIn(page, email);
  await page.goto('/sales/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de vendas' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Histórico de vendas' });
  // 7 days by default: the three recent sales, once the device has pulled them.
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 20_000 });
  // Sales and clients pull separately: wait for the fiado sale's client too.
  await expect(list.getByText('Maria Souza')).toBeVisible({ timeout: 20_000 });
  await goOffline(page, context);

  // Filters: period and type, with counts and the total of what is shown.
  await expect(page.getByRole('button', { name: '7 dias' })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText(brl('Total das vendas: R$ 121,95'))).toBeVisible();
  await page.getByRole('button', { name: 'Hoje' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('group', { name: 'Tipo de venda' }).getByRole('button')).toHaveText([
    'Todas(2)',
    'À Vista(1)',
    'Fiado(1)',
  ]);
  await page.getByRole('button', { name: /^Fiado/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Maria Souza');
  await expect(page.getByText(brl('Total das vendas: R$ 47,95'))).toBeVisible();
  await page.getByRole('button', { name: /^Todas/ }).click();
  await page.getByRole('button', { name: '30 dias' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list.getByRole('listitem').last()).toContainText('Cartão parcelado em 3x');
  await page.getByRole('button', { name: 'Personalizado' }).click();
  await page.getByLabel('De', { exact: true }).fill(daySaoPaulo(70));
  await page.getByLabel('Até', { exact: true }).fill(daySaoPaulo(35));
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Seven items: the details table scrolls (above 6, docs/product.md §9).
  await list.getByRole('button', { name: /Ver venda de .*116,90/ }).click();
  const bigSale = page.getByRole('dialog', { name: 'Detalhes da Venda' });
  await expect(bigSale.getByRole('row')).toHaveCount(8);
  const table = bigSale.getByTestId('sale-items');
  expect(await table.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await shot(page, 'details-scroll');
  await bigSale.getByRole('button', { name: 'Fechar' }).click();
  await expect(bigSale).toBeHidden();
  await page.getByLabel('De', { exact: true }).fill(daySaoPaulo(10));
  await page.getByLabel('Até', { exact: true }).fill(daySaoPaulo(5));
  await expect(page.getByText('Nenhuma venda encontrada')).toBeVisible();
  await shot(page, 'history-empty');
  await page.getByRole('button', { name: 'Hoje' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await shot(page, 'history');

  // Details of the fiado sale; 'Compartilhar' offline goes to the clipboard.
  await list.getByRole('button', { name: /Ver venda de .*47,95/ }).click();
  const details = page.getByRole('dialog', { name: 'Detalhes da Venda' });
  await expect(details).toContainText('Maria Souza');
  await expect(details.getByRole('row')).toHaveCount(3);
  await expect(details.getByRole('row').nth(2)).toContainText('0,500 kg');
  await shot(page, 'details');
  await details.getByRole('button', { name: 'Compartilhar' }).click();
  await expect(page.getByText('Copiado para a área de transferência')).toBeVisible();
  const receipt = await page.evaluate(() => navigator.clipboard.readText());
  expect(receipt).toContain('Mercadinho Lima');
  expect(receipt).toContain('0,500 kg x Queijo Minas');
  expect(receipt).toContain(brl('Total: R$ 47,95'));
  expect(receipt).toContain('Tipo: Fiado');
  expect(receipt).toContain('Cliente: Maria Souza');

  // The client owes the fiado sale before the edit.
  await details.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/edit/${fiado}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Venda' })).toBeVisible();
  await expect(page.getByLabel('Data da venda')).toHaveValue(daySaoPaulo());
  await expect(page.getByRole('radio', { name: 'Fiado' })).toBeChecked();
  await expect(page.getByTestId('edit-sale-total')).toHaveText(brl('R$ 47,95'));
  await shot(page, 'edit');

  // The date is required; the spec's message, on the field too.
  await page.getByLabel('Data da venda').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByLabel('Data da venda')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Selecione uma data para a venda.').first()).toBeVisible();
  await page.getByLabel('Data da venda').fill(daySaoPaulo());
  await expect(page.getByLabel('Data da venda')).not.toHaveAttribute('aria-invalid');
  // A fiado sale needs its client; the spec's message.
  await page.getByRole('button', { name: 'Remover cliente' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Selecione um cliente para vendas fiado.').first()).toBeVisible();
  await page.getByLabel('Buscar cliente', { exact: true }).fill('maria');
  await page.getByRole('list', { name: 'Cliente' }).getByRole('button', { name: 'Maria Souza' }).click();

  // Quantities: one more rice, 0,1 kg less cheese, beans added (search, barcode) then stepped out; à vista by pix.
  await page.getByRole('button', { name: 'Aumentar Arroz Tipo 1' }).click();
  await page.getByRole('button', { name: 'Diminuir Queijo Minas' }).click();
  await expect(page.getByLabel('Quantidade de Queijo Minas')).toHaveValue('0,4');
  await page.getByLabel('Buscar produto', { exact: true }).fill('feij');
  await page.getByRole('button', { name: 'Adicionar Feijão Carioca' }).click();
  await expect(page.getByLabel('Quantidade de Feijão Carioca')).toHaveValue('1');
  // The barcode field (typed, or a USB scanner ending in Enter) adds one more; an unknown code is told.
  await page.getByLabel('Código de barras', { exact: true }).fill('7890000000000');
  await page.getByLabel('Código de barras', { exact: true }).press('Enter');
  await expect(page.getByText('Nenhum produto encontrado com este código de barras.')).toBeVisible();
  await page.getByLabel('Código de barras', { exact: true }).fill('7891234567895');
  await page.getByLabel('Código de barras', { exact: true }).press('Enter');
  await expect(page.getByLabel('Quantidade de Feijão Carioca')).toHaveValue('2');
  await page.getByRole('button', { name: 'Diminuir Feijão Carioca' }).click();
  await page.getByRole('button', { name: 'Diminuir Feijão Carioca' }).click();
  await expect(page.getByLabel('Quantidade de Feijão Carioca')).toHaveCount(0);
  // 2 × 25 + 0,4 × 45,90
  await expect(page.getByTestId('edit-sale-total')).toHaveText(brl('R$ 68,36'));
  // The type is a radio group: arrow keys move it.
  await page.getByRole('radio', { name: 'Fiado' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'À Vista' })).toBeChecked();
  await page.getByLabel('Forma de pagamento').selectOption('pix');
  await shot(page, 'edit-changed');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Venda atualizada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/sales$/);
  // The new sale's header leads to the history.
  await expect(page.getByRole('link', { name: 'Histórico de vendas' })).toHaveAttribute('href', '/sales/history');
  await shot(page, 'new-sale-header');

  // Stock and balance follow: rice 40 − 1 − 1 − 1 − 2 − 2, cheese 5 − 1 − 0,4; Maria owes nothing now.
  await page.goto(`/products/${arroz}`);
  await expect(page.getByTestId('current-stock')).toHaveText('33 un');
  await page.goto(`/products/${queijo}`);
  await expect(page.getByTestId('current-stock')).toHaveText('3,6 kg');
  await page.goto(`/clients/${maria}`);
  await expect(page.getByTestId('saldo')).toHaveText('Sem débitos');

  // The history shows it as à vista; delete it from the edit screen.
  await page.goto('/sales/history');
  await page.getByRole('button', { name: 'Hoje' }).click();
  await expect(page.getByRole('button', { name: /^Fiado/ })).toHaveText('Fiado(0)');
  await list.getByRole('button', { name: /Ver venda de .*68,36/ }).click();
  await expect(details).toContainText('PIX');
  await details.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar Venda' })).toBeVisible();
  // Every item taken out: nothing to save ('Adicione pelo menos um item à venda.').
  await page.getByLabel('Quantidade de Queijo Minas').fill('0');
  await page.getByLabel('Quantidade de Queijo Minas').blur();
  await page.getByRole('button', { name: 'Diminuir Arroz Tipo 1' }).click();
  await page.getByRole('button', { name: 'Diminuir Arroz Tipo 1' }).click();
  await expect(page.getByText('Nenhum item adicionado')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Adicione pelo menos um item à venda.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir venda' });
  await expect(confirm).toContainText('Tem certeza que deseja excluir esta venda? Esta ação não pode ser desfeita.');
  await shot(page, 'delete');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Venda excluída com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/sales$/);
  await page.goto(`/products/${arroz}`);
  await expect(page.getByTestId('current-stock')).toHaveText('35 un');
  await page.goto(`/products/${queijo}`);
  await expect(page.getByTestId('current-stock')).toHaveText('4 kg');

  // A sale that does not exist: the spec's message, back to /sales.
  await page.goto(`/sales/edit/${crypto.randomUUID()}`);
  await expect(page.getByText('Não foi possível carregar os dados da venda.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sales$/);
});
