// 'Nova Venda' and 'Produtos Pesáveis' with the network off from the first step after sign-in, at 360 px and
// 1280 px: products found by brand (accents ignored) and by a barcode typed in the field, a weighed product, the
// stock exceeded and marked, the cart kept across a reload, fiado with a new customer, the sale finished offline
// ('Venda salva offline', then /reports), the stock shown on /products drops; the page is closed, another opens
// online and the sale reaches the server. Screenshots of each state to look at.
import { expect, test, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { createConfirmedOwner, goOffline, NBSP, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const shot = (page: Page, name: string) => screenshot(page, `sales-new-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

async function createProduct(
  page: Page,
  fields: { nome: string; marca?: string; preco: string; estoque: string; unidade?: string; codigo?: string },
) {
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  if (fields.codigo) await page.getByRole('textbox', { name: 'Código de barras' }).fill(fields.codigo);
  await page.getByLabel('Nome do produto').fill(fields.nome);
  if (fields.marca) await page.getByLabel('Marca', { exact: true }).fill(fields.marca);
  await page.getByLabel('Preço de venda (R$)').fill(fields.preco);
  if (fields.unidade) await page.getByLabel('Unidade', { exact: true }).selectOption(fields.unidade);
  await page.getByLabel('Estoque inicial').fill(fields.estoque);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
}

async function openSales(page: Page) {
  await page.getByRole('link', { name: 'Vendas', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
}

/** The server's sales of this owner (REST with the service key). */
async function serverSales(userId: string): Promise<{ total: number; tipo: string; cliente_id: string | null }[]> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/rest/v1/vendas?user_id=eq.${userId}&select=total,tipo,cliente_id`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}` },
  });
  expect(response.ok).toBe(true);
  return (await response.json()) as { total: number; tipo: string; cliente_id: string | null }[];
}

test(`new sale offline on a phone, each screen also on a desktop: search, barcode, weight, fiado with a new customer, finish`, async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(viewport);
  const email = `vendas-${viewport.width}-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  await signIn(page, email);
  await goOffline(page, context);

  // No weighed product yet: the empty state offers to register one.
  await openSales(page);
  await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
  await shot(page, 'empty');
  await page.getByRole('link', { name: 'Produtos Pesáveis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos Pesáveis' })).toBeVisible();
  await expect(page.getByText('Nenhum produto pesável cadastrado.')).toBeVisible();
  await shot(page, 'weighted-empty');
  await page.getByRole('link', { name: 'Cadastrar produto pesável' }).click();
  await expect(page).toHaveURL(/\/products\/new$/);

  await createProduct(page, { nome: 'Arroz Branco', marca: 'Tio João', preco: '25', estoque: '10', codigo: '7891234567895' });
  await createProduct(page, { nome: 'Feijão Preto', preco: '8', estoque: '1' });
  await createProduct(page, { nome: 'Queijo Minas', preco: '40', estoque: '2', unidade: 'kg' });

  // By brand, accents and case ignored; then the same product by its barcode: still one line, two units.
  await openSales(page);
  const search = page.getByLabel('Buscar produto por nome ou marca');
  await search.fill('TIO JOAO');
  const list = page.getByRole('list', { name: 'Produtos' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Adicionar Arroz Branco ao carrinho' }).click();
  await expect(page.getByText('Produto adicionado')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const barcode = page.getByRole('textbox', { name: 'Código de barras' });
  await barcode.fill('7891234567895');
  await barcode.press('Enter');
  await expect(barcode).toHaveValue('');
  await expect(page.getByTestId('sale-total')).toHaveText(`R$${NBSP}50,00`);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await barcode.fill('0000000000000');
  await barcode.press('Enter');
  await expect(page.getByText('Nenhum produto encontrado com este código de barras.')).toBeVisible();
  await search.fill('feijao');
  await list.getByRole('button', { name: 'Adicionar Feijão Preto ao carrinho' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await search.fill('');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await shot(page, 'list');

  // A reload in the middle of the sale keeps the cart.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('sale-total')).toHaveText(`R$${NBSP}58,00`);

  // The weighed product: weight required, then valid, into the same cart.
  await page.getByRole('link', { name: 'Produtos Pesáveis' }).click();
  const weight = page.getByRole('textbox', { name: 'Peso (kg) — Queijo Minas' });
  const addCheese = page.getByRole('button', { name: 'Adicionar Queijo Minas ao carrinho' });
  await addCheese.click();
  await expect(page.getByText('Insira o peso do produto para adicionar ao carrinho.').first()).toBeVisible();
  await weight.fill('0');
  await addCheese.click();
  await expect(page.getByText('Insira um peso válido maior que zero.').first()).toBeVisible();
  await shot(page, 'weighted-invalid');
  await weight.fill('0,5');
  await addCheese.click();
  await expect(page.getByText('Produto adicionado').first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await page.getByRole('link', { name: 'Voltar para Nova Venda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();

  // The cart: the feijão beyond its stock is marked, not refused; one more feijão with the stepper.
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  const cart = page.getByRole('dialog');
  await expect(cart.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(3);
  await cart.getByRole('button', { name: 'Aumentar quantidade de Feijão Preto' }).click();
  await expect(cart.getByText('Acima do estoque')).toBeVisible();
  await expect(cart.getByTestId('cart-total')).toHaveText(`R$${NBSP}86,00`);
  await shot(page, 'cart');

  // Fiado: refused without a customer; a new customer made offline is picked.
  await cart.getByText('Fiado', { exact: true }).click();
  await expect(cart.getByText('Forma de pagamento')).toBeHidden();
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Selecione um cliente para vendas fiado.')).toBeVisible();
  await cart.getByRole('button', { name: 'Novo cliente' }).click();
  const customer = page.getByRole('dialog', { name: 'Novo Cliente' });
  await expect(customer.getByText('Operando offline. O cliente será sincronizado quando a conexão voltar.')).toBeVisible();
  await customer.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(customer.getByLabel('Nome')).toHaveAccessibleDescription('Nome do cliente é obrigatório.');
  await customer.getByLabel('Nome').fill('Maria Souza');
  await expect(customer.getByText('Nome do cliente é obrigatório.')).toBeHidden();
  await customer.getByLabel('Telefone').fill('11987654321');
  await shot(page, 'new-customer');
  await customer.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();
  await expect(customer).toBeHidden();
  const picker = cart.getByRole('button', { name: 'Cliente: Maria Souza' });
  await expect(picker).toBeVisible();
  await picker.click();
  await expect(page.getByText('Exibindo clientes offline. Novos clientes só aparecerão após sincronizar.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clientes' }).getByRole('button', { name: /Maria Souza/ })).toBeVisible();
  await shot(page, 'customer-picker');
  await page
    .getByRole('list', { name: 'Clientes' })
    .getByRole('button', { name: /Maria Souza/ })
    .click();

  // The sale's toast reaches the screen before the reports page is asked for: at least one frame is painted with it
  // before the navigation (the reports page's mounting never holds it back).
  await page.evaluate(() => {
    const order = { frames: 0, toastFrame: -1, navigationFrame: -1 };
    (window as unknown as { finishOrder: typeof order }).finishOrder = order;
    const countFrames = () => {
      order.frames += 1;
      requestAnimationFrame(countFrames);
    };
    requestAnimationFrame(countFrames);
    new MutationObserver(() => {
      const toast = Array.from(document.querySelectorAll('[data-sonner-toast]')).some((node) =>
        node.textContent.includes('Venda salva offline'),
      );
      if (toast && order.toastFrame < 0) order.toastFrame = order.frames;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    const pushState = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      if (order.navigationFrame < 0) order.navigationFrame = order.frames;
      pushState(...args);
    };
  });
  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(page.getByText('Venda salva offline')).toBeVisible();
  await expect(page).toHaveURL(/\/reports$/);
  const order = await page.evaluate(
    () => (window as unknown as { finishOrder: { toastFrame: number; navigationFrame: number } }).finishOrder,
  );
  expect(order.toastFrame).toBeGreaterThanOrEqual(0);
  expect(order.navigationFrame).toBeGreaterThan(order.toastFrame);

  // The stock shown drops by what was sold (the feijão below zero: the shelf is the truth).
  await page.getByRole('link', { name: 'Produtos', exact: true }).filter({ visible: true }).first().click();
  const rows = page.getByRole('list', { name: 'Produtos' }).getByRole('listitem');
  await expect(rows.filter({ hasText: 'Arroz Branco' })).toContainText('Estoque: 8 un');
  await expect(rows.filter({ hasText: 'Feijão Preto' })).toContainText('Estoque: -1 un');
  await expect(rows.filter({ hasText: 'Queijo Minas' })).toContainText('Estoque: 1,5 kg');
  await openSales(page);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // The next sale's cart is kept across a reload too.
  await page.getByRole('list', { name: 'Produtos' }).getByRole('button', { name: 'Adicionar Arroz Branco ao carrinho' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByTestId('sale-total')).toHaveText(`R$${NBSP}25,00`);
  // The sold cart left nothing in the stored copy: a fresh cart replaced it (its history would grow with every sale).
  const stored = await storedCartText(page, userId);
  expect(stored).toContain('Arroz Branco');
  expect(stored).not.toContain('Feijão Preto');

  // The page is closed with the sale only on this device; another page opens online and sends it.
  const next = await context.newPage();
  await next.setViewportSize(viewport);
  await page.close();
  await context.setOffline(false);
  await next.goto('/dashboard');
  await expect
    .poll(async () => serverSales(userId), { timeout: 30_000 })
    .toEqual([expect.objectContaining({ total: 86, tipo: 'fiado' })]);
  expect((await serverSales(userId))[0]?.cliente_id).toBeTruthy();
});

/** The text of every update the device keeps for the owner's cart (y-indexeddb stores each one as bytes). */
async function storedCartText(page: Page, userId: string): Promise<string> {
  return page.evaluate(
    (name) =>
      new Promise<string>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => {
          reject(new Error(String(request.error)));
        };
        request.onsuccess = () => {
          const database = request.result;
          const read = database.transaction('updates', 'readonly').objectStore('updates').getAll();
          read.onsuccess = () => {
            database.close();
            const decoder = new TextDecoder();
            resolve((read.result as Uint8Array[]).map((update) => decoder.decode(update)).join('\n'));
          };
          read.onerror = () => {
            database.close();
            reject(new Error(String(read.error)));
          };
        };
      }),
    `caderneta-rascunho-${userId}-carrinho`,
  );
}
