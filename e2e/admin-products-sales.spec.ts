// /admin/products and /admin/sales at 360 px and 1280 px against the local stack: an admin finds a seeded
// owner's products by the owner's name (12: pages of 10 + 2), filters by another owner picked with the
// search-as-you-type user filter and by a category offered by the server, opens a product's details, deletes
// one after the confirmation naming it; on /admin/sales the figures and the Todas / À Vista / Fiado counts follow
// the search, the type filter narrows the cards, a search by client and by payment method, pages of 10.
// Skeleton, empty and error states are looked at in screenshots.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { createAdmin, holdRoute, serviceHeaders } from './support/admin.ts';
import { createConfirmedOwner, expectNoSidewaysScroll, signIn, VIEWPORTS } from './support/owner.ts';

/** A screenshot to look at (<output>/screens/); dialogs are taken as the screen shows them, pages whole. */
async function shot(page: Page, name: string, width: number, fullPage = true): Promise<void> {
  await expectNoSidewaysScroll(page);
  const folder = join(test.info().project.outputDir, 'screens');
  await page.screenshot({ path: join(folder, `admin-${name}-${String(width)}.png`), fullPage });
}

async function insert(table: string, rows: Record<string, unknown>[]): Promise<void> {
  const response = await fetch(`${STACK_URL}/rest/v1/${table}`, {
    method: 'POST',
    headers: await serviceHeaders({ prefer: 'return=minimal' }),
    body: JSON.stringify(rows),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function saleRow(owner: string, minutes: number, values: Record<string, unknown>, total: number): Record<string, unknown> {
  return {
    id: randomUUID(),
    user_id: owner,
    total,
    tipo: 'avista',
    cliente_id: null,
    forma_pagamento: 'dinheiro',
    forma_pagamento_descricao: null,
    created_at: minutesAgo(minutes),
    itens: [
      {
        produto_id: randomUUID(),
        quantidade: 1,
        preco_unitario: total,
        preco_total: total,
        nome_produto: 'Item',
        unidade_produto: 'un',
      },
    ],
    ...values,
  };
}

/** Ana: 12 products and 5 sales (3 à vista, 2 fiado); Bento: 1 product in a category of his own and 11 sales. */
async function seed(tag: string) {
  const ana = await createConfirmedOwner(`ana-${tag.toLowerCase()}@exemplo.com.br`, {
    nome: `Dona Ana ${tag}`,
    nome_mercado: `Mercado ${tag}`,
  });
  const bento = await createConfirmedOwner(`bento-${tag.toLowerCase()}@exemplo.com.br`, {
    nome: `Seu Bento ${tag}`,
    nome_mercado: `Armazém ${tag}`,
  });
  const ids = Array.from({ length: 12 }, () => randomUUID());
  await insert(
    'produtos',
    Array.from({ length: 12 }, (_, index) => ({
      id: ids[index],
      user_id: ana,
      nome: `Produto ${String(index).padStart(2, '0')} ${tag}`,
      preco: 10 + index,
      preco_compra: 5,
      marca: 'Marca Boa',
      categoria: index % 2 === 0 ? 'Grãos' : 'Mercearia',
      estoque_minimo: 5,
      codigo_barras: `789${String(index).padStart(10, '0')}`,
      created_at: minutesAgo(10 + index),
    })),
  );
  // Stock counts: product 01 below its minimum of 5, product 02 above it; the rest at zero.
  await insert('historico_estoque', [
    { user_id: ana, produto_id: ids[1], tipo: 'ajuste', quantidade: 3 },
    { user_id: ana, produto_id: ids[2], tipo: 'ajuste', quantidade: 20 },
  ]);
  await insert('produtos', [
    { user_id: bento, nome: `Vela ${tag}`, preco: 3, categoria: `Categoria ${tag}`, created_at: minutesAgo(1) },
  ]);
  const cliente = randomUUID();
  await insert('clientes', [{ id: cliente, user_id: ana, nome: `Cliente ${tag}`, telefone: '11999990000' }]);
  await insert('vendas', [
    saleRow(ana, 1, {}, 10),
    saleRow(
      ana,
      2,
      { forma_pagamento: 'cartao', forma_pagamento_descricao: JSON.stringify({ tipo_cartao: 'parcelado', parcelas: 3 }) },
      30,
    ),
    saleRow(ana, 3, { forma_pagamento: 'outro', forma_pagamento_descricao: JSON.stringify({ descricao: 'vale' }) }, 20),
    saleRow(ana, 4, { tipo: 'fiado', cliente_id: cliente, forma_pagamento: null }, 15),
    saleRow(ana, 5, { tipo: 'fiado', cliente_id: cliente, forma_pagamento: null }, 25),
  ]);
  await insert(
    'vendas',
    Array.from({ length: 11 }, (_, index) => saleRow(bento, 10 + index, { forma_pagamento: 'pix' }, 2)),
  );
}

for (const viewport of VIEWPORTS) {
  test(`admin products and sales at ${viewport.width} px`, async ({ page, context }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const phone = viewport.width < 768;
    const tag = `T${viewport.width}x${Date.now().toString(36)}`;
    await seed(tag);
    const email = `admin-ps-${String(viewport.width)}-${Date.now().toString(36)}@exemplo.com.br`;
    await createAdmin(email);
    await signIn(page, email);

    // /admin/products from the side menu.
    await page.goto('/admin');
    if (phone) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Produtos', exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Produtos' })).toBeVisible();

    // The owner's name finds her 12 products: 10, then 2.
    const search = page.getByRole('searchbox', { name: 'Buscar por nome, marca, categoria ou usuário' });
    await search.fill(`dona ana ${tag}`);
    await expect(page.getByText('12 produtos', { exact: true })).toBeVisible();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    const cards = page.locator('main li').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(10);
    const first = cards.first();
    await expect(first.getByRole('heading')).toHaveText(`Produto 00 ${tag}`);
    await expect(first).toContainText('Sem estoque');
    await expect(first).toContainText(`Dona Ana ${tag} - Mercado ${tag}`);
    await expect(first).toContainText('Marca Boa');
    await expect(first).toContainText('7890000000000');
    await expect(first).toContainText('R$\u00a010,00');
    await expect(cards.nth(1)).toContainText('Estoque baixo');
    await expect(cards.nth(1)).toContainText('3 un / 5 un');
    await expect(cards.nth(2)).toContainText('Em estoque');
    await shot(page, 'products', viewport.width);
    await shot(page, 'products-top', viewport.width, false);
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();

    // 'Ver detalhes': a dialog with the product.
    await first.getByRole('button', { name: 'Ver detalhes' }).click();
    const details = page.getByRole('dialog', { name: `Produto 00 ${tag}` });
    await expect(details).toContainText('Preço de compra');
    await expect(details).toContainText(`Dona Ana ${tag} - Mercado ${tag}`);
    await shot(page, 'products-details', viewport.width, false);
    await details.getByRole('button', { name: 'Fechar' }).click();
    await expect(details).toBeHidden();

    // Excluir after the confirmation naming the product: gone, 11 left.
    const doomed = cards.filter({ hasText: `Produto 05 ${tag}` });
    await doomed.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Excluir produto?' });
    await expect(confirm).toContainText(`"Produto 05 ${tag}"`);
    await shot(page, 'products-delete', viewport.width, false);
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Produto excluído com sucesso')).toBeVisible();
    await expect(page.getByText('11 produtos', { exact: true })).toBeVisible();
    await expect(doomed).toHaveCount(0);

    // The user filter, searched as typed, and a category only the server knows of.
    await search.fill('');
    const filters = async (work: (scope: Page | Locator) => Promise<void>) => {
      if (phone) {
        await page.getByRole('button', { name: /^Filtros/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Filtros' });
        await work(dialog);
        await dialog.getByRole('button', { name: 'Aplicar' }).click();
        await expect(dialog).toBeHidden();
      } else {
        await work(page);
      }
    };
    await filters(async (scope) => {
      const picker = scope.getByRole('combobox', { name: 'Usuário' });
      await picker.fill(`bento ${tag}`);
      const choices = scope.getByRole('listbox', { name: 'Usuários encontrados' }).getByRole('option');
      await expect(choices).toHaveCount(1);
      await expect(choices.first()).toContainText(`Seu Bento ${tag} - Armazém ${tag}`);
      await shot(page, 'products-owner-search', viewport.width, false);
      // A phone taps the owner; a desktop chooses with the keyboard.
      if (phone) await choices.first().click();
      else await picker.press('Enter');
      await expect(scope.getByRole('group', { name: 'Usuário' })).toContainText(`Seu Bento ${tag} - Armazém ${tag}`);
      await expect(scope.getByLabel('Categoria', { exact: true }).locator('option', { hasText: `Categoria ${tag}` })).toHaveCount(
        1,
      );
      if (phone) await shot(page, 'products-filters', viewport.width, false);
    });
    await expect(page.getByText('1 produto', { exact: true })).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText(`Vela ${tag}`);
    if (!phone) await shot(page, 'products-filtered', viewport.width);
    await filters(async (scope) => {
      await scope.getByLabel('Categoria', { exact: true }).selectOption({ label: `Categoria ${tag} (1)` });
    });
    await expect(page.getByText('1 produto', { exact: true })).toBeVisible();
    await filters(async (scope) => {
      await scope.getByRole('button', { name: 'Remover filtro de usuário' }).click();
      await scope.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Todas as categorias' });
    });

    // Nothing found.
    await search.fill(`${tag}-ninguém`);
    await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
    await shot(page, 'products-empty', viewport.width);

    // The server logged the deletion with the product's name and its owner.
    if (phone) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('navigation', { name: 'Menu administrativo' }).getByRole('link', { name: 'Logs', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Buscar nos logs' }).fill('delete_product');
    const entries = page.locator('main li');
    await expect(entries.filter({ hasNot: page.getByRole('heading', { name: 'Produto excluído' }) })).toHaveCount(0);
    await expect(entries.first().getByRole('heading')).toHaveText('Produto excluído');
    await entries.first().getByText('Detalhes').click();
    await expect(entries.first().locator('pre')).toContainText(`Produto 05 ${tag}`);
    await expect(entries.first().locator('pre')).toContainText(`Dona Ana ${tag}`);

    // /admin/sales: the figures and counts of the search, the type filter, client and payment searches.
    if (phone) await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('navigation', { name: 'Menu administrativo' })
      .getByRole('link', { name: 'Vendas', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Vendas' })).toBeVisible();
    const salesSearch = page.getByRole('searchbox', { name: 'Buscar por usuário, mercado, cliente ou forma de pagamento' });
    await salesSearch.fill(`Mercado ${tag}`);
    const types = page.getByRole('group', { name: 'Tipo de venda' });
    await expect(types.getByRole('button', { name: 'Todas (5)' })).toBeVisible();
    await expect(types.getByRole('button', { name: 'À Vista (3)' })).toBeVisible();
    await expect(types.getByRole('button', { name: 'Fiado (2)' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Receita Total' })).toContainText('R$\u00a0100,00');
    await expect(page.getByRole('region', { name: 'Total de Vendas' })).toContainText('5');
    const sales = page.locator('main li').filter({ has: page.getByRole('heading', { level: 2, name: /^Venda #/ }) });
    await expect(sales).toHaveCount(5);
    await expect(sales.nth(1)).toContainText('Cartão parcelado em 3x');
    await expect(sales.nth(2)).toContainText('Outro: vale');
    await expect(sales.first()).toContainText(`Dona Ana ${tag} - Mercado ${tag}`);
    await shot(page, 'sales', viewport.width);
    await types.getByRole('button', { name: 'Fiado (2)' }).click();
    await expect(types.getByRole('button', { name: 'Fiado (2)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sales).toHaveCount(2);
    for (const card of await sales.all()) await expect(card).toContainText('Fiado');
    await expect(sales.first()).toContainText(`Cliente ${tag}`);
    await types.getByRole('button', { name: 'Todas (5)' }).click();
    await salesSearch.fill(`Cliente ${tag}`);
    await expect(types.getByRole('button', { name: 'Todas (2)' })).toBeVisible();
    await expect(types.getByRole('button', { name: 'À Vista (0)' })).toBeVisible();
    // Bento's 11 pix sales: 10 and 1.
    await salesSearch.fill(`Armazém ${tag}`);
    await expect(types.getByRole('button', { name: 'Todas (11)' })).toBeVisible();
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await expect(sales).toHaveCount(10);
    await expect(sales.first()).toContainText('PIX');
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(sales).toHaveCount(1);
    await salesSearch.fill(`${tag}-ninguém`);
    await expect(page.getByText('Nenhuma venda encontrada')).toBeVisible();
    await expect(types.getByRole('button', { name: 'Todas (0)' })).toBeVisible();
    await shot(page, 'sales-empty', viewport.width);

    // Offline: the area says it needs a connection.
    await context.setOffline(true);
    await expect(page.getByRole('heading', { name: 'Área administrativa indisponível offline' })).toBeVisible();
    await context.setOffline(false);
  });
}

test('admin products and sales: pulsing skeleton while the server answers, the error state when it fails', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = `admin-ps-estados-${Date.now().toString(36)}@exemplo.com.br`;
  await createAdmin(email);
  await signIn(page, email);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const [path, rpc, error] of [
      ['/admin/products', 'admin_products_page', 'Erro ao carregar produtos'],
      ['/admin/sales', 'admin_sales_page', 'Erro ao carregar vendas'],
    ] as const) {
      const release = await holdRoute(context, `**/rest/v1/rpc/${rpc}*`);
      await page.goto(path);
      await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
      await shot(page, `${rpc}-loading`, viewport.width);
      release();
      await expect(page.getByText(/^\d+ (produtos?|vendas?)$/)).toBeVisible();
      await context.unroute(`**/rest/v1/rpc/${rpc}*`);

      // The server fails every time: after the retries, the spec's sentence and 'Tentar novamente'.
      await context.route(`**/rest/v1/rpc/${rpc}*`, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"XX000","message":"falha"}' }),
      );
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible({ timeout: 20_000 });
      await shot(page, `${rpc}-error`, viewport.width);
      await context.unroute(`**/rest/v1/rpc/${rpc}*`);
      await page.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByText(/^\d+ (produtos?|vendas?)$/)).toBeVisible();
    }
  }
});
