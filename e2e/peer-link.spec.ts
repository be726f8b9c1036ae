// Two phones of one shop, the internet gone (every request to the server blocked, the Wi-Fi still up): the owner
// pairs them on /aparelhos through the code text, then both sell all day. Each sees the other's sales, the stock
// and the client's fiado within a second, and they agree; a phone of another owner cannot pair, nor can a code be
// used twice. When the server is reachable again, it holds each sale once and the same stock and balance. A phone
// that never got the account's pairing key from the server cannot pair, and says so.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { STACK_URL } from '../playwright.config.ts';
import { serviceRest as rest } from './support/admin.ts';
import { checkout } from './support/checkout.ts';
import { createConfirmedOwner, NBSP, shot as screenshot, signIn } from './support/owner.ts';
import { deviceLabel, pairPhones } from './support/peer.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `peer-link-${name}`, width);
const brl = (text: string) => `R$${NBSP}${text}`;
const RICE = { nome: 'Arroz Branco 5 kg', codigo: '7896006744115', preco: 25 };
const BEANS = { nome: 'Feijão Preto 1 kg', codigo: '7896006711117', preco: 8 };
const SALES_EACH = 20;

interface Phone {
  context: BrowserContext;
  page: Page;
  /** This phone's name on screen ('Este aparelho: X'). */
  label: string;
}

/** Signs the owner in on a new phone and waits until the server's products are on it. */
async function openPhone(browser: Browser, email: string, width: number): Promise<Phone> {
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/products');
  await expect(page.getByText(RICE.nome)).toBeVisible({ timeout: 30_000 });
  return { context, page, label: '' };
}

/** From here on nothing reaches the server (HTTP and Realtime), as when the shop's internet is down. */
async function cutServer(phone: Phone): Promise<void> {
  // Pairing needs the owner's pairing key, which the phone asks the server for while online: it has it first.
  await phone.page.goto('/aparelhos');
  await expect(phone.page.getByRole('button', { name: 'Mostrar código' })).toBeEnabled({ timeout: 30_000 });
  await phone.context.route(`${STACK_URL}/**`, (route) => route.abort('internetdisconnected'));
  await phone.context.routeWebSocket(/\/realtime\/v1\//, (socket) => {
    void socket.close();
  });
  // A fresh start, so no socket opened earlier stays up; the app opens from its cached shell.
  await phone.page.goto('/aparelhos');
  await expect(phone.page.getByRole('heading', { level: 1, name: 'Aparelhos' })).toBeVisible();
  phone.label = await deviceLabel(phone.page);
  expect(phone.label).toMatch(/^[0-9A-F]{4}$/);
}

async function restoreServer(phone: Phone): Promise<void> {
  await phone.context.unrouteAll({ behavior: 'ignoreErrors' });
}

/** Opens a screen from the menu without reloading the app (a reload would drop the link). */
async function navigate(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).filter({ visible: true }).first().click();
}

/** A sale of one unit from 'Nova Venda' by barcode (the USB scanner types it), in cash or on fiado to `client`. */
async function sell(page: Page, codigo: string, client?: string): Promise<void> {
  await navigate(page, 'Vendas');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
  const barcode = page.getByRole('textbox', { name: 'Código de barras' });
  await barcode.fill(codigo);
  await barcode.press('Enter');
  await expect(barcode).toHaveValue('');
  await checkout(page, { client });
}

/** Pairs `a` and `b` through the code text; both show the link (on the page and in the top bar). */
async function pair(a: Phone, b: Phone): Promise<{ invite: string; answer: string }> {
  const codes = await pairPhones(a.page, b.page);
  expect(codes.invite).toMatch(/^CADERNETA1\./);
  for (const [phone, other] of [
    [a, b],
    [b, a],
  ] as const) {
    await expect(phone.page.getByTestId('peer-state')).toHaveText(`Conectado ao aparelho ${other.label}`);
    await expect(phone.page.getByRole('link', { name: `Conectado ao aparelho ${other.label}` })).toBeVisible();
  }
  // B's answer has done its job: its card is back at the start.
  await expect(b.page.getByRole('button', { name: 'Ler código' })).toBeVisible();
  return codes;
}

/** Opens a product's page from the list, in the app (no reload). */
async function openProduct(page: Page, nome: string): Promise<void> {
  await navigate(page, 'Produtos');
  await page
    .getByRole('list', { name: 'Produtos' })
    .getByRole('listitem')
    .filter({ hasText: nome })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
}

/** Opens the client's page from the list, in the app (no reload). */
async function openClient(page: Page, nome: string): Promise<void> {
  await navigate(page, 'Clientes');
  await page
    .getByRole('link', { name: new RegExp(nome) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
}

/** 'Adicionar Débito' or 'Registrar Pagamento' on the open client page. */
async function ledger(page: Page, action: 'Adicionar Débito' | 'Registrar Pagamento', amount: string): Promise<void> {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByLabel('Valor (R$)').fill(amount);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toBeHidden();
}

/** What a phone shows for both products and the client, read off their pages. */
async function shopShown(page: Page): Promise<{ rice: string; beans: string; balance: string }> {
  await openProduct(page, RICE.nome);
  const rice = (await page.getByTestId('current-stock').textContent()) ?? '';
  await openProduct(page, BEANS.nome);
  const beans = (await page.getByTestId('current-stock').textContent()) ?? '';
  await openClient(page, 'Dona Cida');
  const balance = (await page.getByTestId('saldo').textContent()) ?? '';
  return { rice, beans, balance };
}

test('two phones with no internet pair by code, sell all day, agree, and the server gets it all once', async ({ browser }) => {
  test.setTimeout(480_000);
  const email = `pareamento-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho Reis' });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await rest(`users?id=eq.${userId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');
  const [rice, beans] = await rest<{ id: string }[]>('produtos', [
    { user_id: userId, nome: RICE.nome, codigo_barras: RICE.codigo, preco: RICE.preco, preco_compra: 18 },
    { user_id: userId, nome: BEANS.nome, codigo_barras: BEANS.codigo, preco: BEANS.preco, preco_compra: 5 },
  ]);
  if (!rice || !beans) throw new Error('products not created');
  await rest('clientes', [{ user_id: userId, nome: 'Dona Cida', telefone: '11987650000' }]);
  await rest('historico_estoque', [
    { user_id: userId, produto_id: rice.id, tipo: 'ajuste', quantidade: 100 },
    { user_id: userId, produto_id: beans.id, tipo: 'ajuste', quantidade: 100 },
  ]);

  const a = await openPhone(browser, email, 1280);
  const b = await openPhone(browser, email, 360);
  await cutServer(a);
  await cutServer(b);
  await pair(a, b);
  await shot(a.page, 'connected', 1280);
  await shot(b.page, 'connected', 360);

  // A sale on A is on B's product page within a second.
  await openProduct(b.page, RICE.nome);
  await expect(b.page.getByTestId('current-stock')).toHaveText('100 un');
  await sell(a.page, RICE.codigo);
  await expect(b.page.getByTestId('current-stock')).toHaveText('99 un', { timeout: 1_000 });

  // The day: 20 sales on each, most of the same rice, one of B's on fiado to Dona Cida.
  for (let index = 1; index < SALES_EACH; index++) {
    await sell(a.page, index % 2 === 0 ? RICE.codigo : BEANS.codigo);
    await sell(b.page, index % 3 === 0 ? BEANS.codigo : RICE.codigo, index === 5 ? 'Dona Cida' : undefined);
  }
  await sell(b.page, RICE.codigo);
  // A adds a debit to the client B sold to on fiado (25,00); B sees it within a second and takes a payment.
  await openClient(b.page, 'Dona Cida');
  await expect(b.page.getByTestId('saldo')).toHaveText(brl('25,00'));
  await openClient(a.page, 'Dona Cida');
  await expect(a.page.getByTestId('saldo')).toHaveText(brl('25,00'));
  await ledger(a.page, 'Adicionar Débito', '30,00');
  await expect(b.page.getByTestId('saldo')).toHaveText(brl('55,00'), { timeout: 1_000 });
  await ledger(b.page, 'Registrar Pagamento', '20,00');
  await expect(a.page.getByTestId('saldo')).toHaveText(brl('35,00'), { timeout: 1_000 });
  // B counts the beans on the shelf: 70; A sees the count within a second.
  await openProduct(a.page, BEANS.nome);
  await openProduct(b.page, BEANS.nome);
  await b.page.getByRole('button', { name: 'Ajuste de estoque' }).click();
  await b.page.getByRole('dialog').getByLabel('Quantidade (un)').fill('70');
  await b.page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(b.page.getByText('Estoque ajustado')).toBeVisible();
  await expect(a.page.getByTestId('current-stock')).toHaveText('70 un', { timeout: 1_000 });

  // Both show the same shop: rice 100 − 10 on A − 14 on B; beans counted at 70; Dona Cida owes 35,00.
  const expected = { rice: '76 un', beans: '70 un', balance: brl('35,00') };
  expect(await shopShown(a.page)).toEqual(expected);
  expect(await shopShown(b.page)).toEqual(expected);
  await navigate(a.page, 'Aparelhos');
  await expect(a.page.getByTestId('peer-to-send')).toHaveText('0');
  await expect(a.page.getByTestId('peer-to-receive')).toHaveText('0');
  await expect(a.page.getByText(/^Última troca: /)).toBeVisible();
  await shot(a.page, 'after-day', 1280);

  // The internet returns: the server ends with each sale once and the devices' numbers.
  await restoreServer(a);
  await restoreServer(b);
  await expect
    .poll(async () => (await rest<{ id: string }[]>(`vendas?user_id=eq.${userId}&select=id`)).length, { timeout: 90_000 })
    .toBe(2 * SALES_EACH);
  const sales = await rest<{ id: string }[]>(`vendas?user_id=eq.${userId}&select=id`);
  expect(new Set(sales.map((sale) => sale.id)).size).toBe(2 * SALES_EACH);
  await expect
    .poll(async () => rest<{ nome: string; estoque: number }[]>(`produtos?user_id=eq.${userId}&select=nome,estoque&order=nome`), {
      timeout: 60_000,
    })
    .toEqual([
      { nome: RICE.nome, estoque: 76 },
      { nome: BEANS.nome, estoque: 70 },
    ]);
  await expect
    .poll(
      async () =>
        (await rest<{ saldo_devedor: number }[]>(`clientes?user_id=eq.${userId}&select=saldo_devedor`))[0]?.saldo_devedor,
      {
        timeout: 60_000,
      },
    )
    .toBe(35);
  await a.context.close();
  await b.context.close();
});

test('a phone of another owner cannot pair, and a pairing code works once', async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `pareamento-dono-${stamp}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho Reis' });
  const strangerEmail = `pareamento-vizinho-${stamp}@exemplo.com.br`;
  const strangerId = await createConfirmedOwner(strangerEmail, { nome: 'Paulo Vizinho', nome_mercado: 'Mercearia do Paulo' });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await rest(`users?id=eq.${userId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');
  await rest('produtos', [{ user_id: userId, nome: RICE.nome, codigo_barras: RICE.codigo, preco: RICE.preco }]);
  const a = await openPhone(browser, email, 1280);
  const b = await openPhone(browser, email, 360);
  const strangerContext = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 360, height: 800 },
  });
  const stranger: Phone = { context: strangerContext, page: await strangerContext.newPage(), label: '' };
  await signIn(stranger.page, strangerEmail);
  // On the free plan (one device at a time) linking devices is offered as Premium.
  await stranger.page.goto('/aparelhos');
  await expect(stranger.page.getByText('Conectar aparelhos é Premium')).toBeVisible();
  await expect(stranger.page.getByRole('button', { name: 'Mostrar código' })).toHaveCount(0);
  await shot(stranger.page, 'free-plan', 360);
  // The neighbour subscribes (his phone learns it when the app starts again, still online).
  await rest(`users?id=eq.${strangerId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');
  await stranger.page.reload();
  await expect(stranger.page.getByRole('button', { name: 'Mostrar código' })).toBeVisible({ timeout: 30_000 });
  for (const phone of [a, b, stranger]) await cutServer(phone);
  const otherOwner = 'Este código é de um aparelho de outra conta. Só aparelhos da mesma conta podem se conectar.';
  const used = 'Este código de pareamento já foi usado. Gere um novo código no outro aparelho.';

  // The neighbour reads the owner's code: refused on his phone, which shows no answer.
  await a.page.getByRole('button', { name: 'Mostrar código' }).click();
  const invite = await a.page.getByRole('textbox', { name: 'Código de pareamento deste aparelho' }).inputValue();
  // Shown as a QR code for the camera, and as text.
  await expect(a.page.getByRole('img', { name: 'QR code de pareamento deste aparelho' })).toBeVisible();
  await stranger.page.getByRole('button', { name: 'Ler código' }).click();
  await stranger.page.getByRole('textbox', { name: 'Código do outro aparelho' }).fill(invite);
  await stranger.page.getByRole('button', { name: 'Continuar' }).click();
  await expect(stranger.page.getByRole('alert').filter({ hasText: otherOwner })).toBeVisible();
  await expect(stranger.page.getByRole('textbox', { name: 'Código de resposta deste aparelho' })).toHaveCount(0);
  await shot(stranger.page, 'other-owner', 360);
  // The owner's phone reads the neighbour's code: refused too.
  await stranger.page.getByRole('button', { name: 'Cancelar' }).click();
  await stranger.page.getByRole('button', { name: 'Mostrar código' }).click();
  const strangerInvite = await stranger.page.getByRole('textbox', { name: 'Código de pareamento deste aparelho' }).inputValue();
  await b.page.getByRole('button', { name: 'Ler código' }).click();
  await b.page.getByRole('textbox', { name: 'Código do outro aparelho' }).fill(strangerInvite);
  await b.page.getByRole('button', { name: 'Continuar' }).click();
  await expect(b.page.getByRole('alert').filter({ hasText: otherOwner })).toBeVisible();
  await b.page.getByRole('button', { name: 'Cancelar' }).click();

  // The owner's two phones pair; then each code, read again, is refused as used.
  await a.page.getByRole('button', { name: 'Cancelar' }).click();
  const codes = await pair(a, b);
  await b.page.getByRole('button', { name: 'Ler código' }).click();
  await b.page.getByRole('textbox', { name: 'Código do outro aparelho' }).fill(codes.invite);
  await b.page.getByRole('button', { name: 'Continuar' }).click();
  await expect(b.page.getByRole('alert').filter({ hasText: used })).toBeVisible();
  await a.page.getByRole('button', { name: 'Mostrar código' }).click();
  await a.page.getByRole('textbox', { name: 'Código de resposta', exact: true }).fill(codes.answer);
  await a.page.getByRole('button', { name: 'Conectar', exact: true }).click();
  await expect(a.page.getByRole('alert').filter({ hasText: used })).toBeVisible();
  await shot(a.page, 'replayed', 1280);
  // The link itself is untouched by the refusals.
  await expect(a.page.getByTestId('peer-state')).toHaveText(`Conectado ao aparelho ${b.label}`);
  // Either side ends it: B disconnects, and both say so (the top bar's link sign goes too).
  await b.page.getByRole('button', { name: `Desconectar do aparelho ${a.label}` }).click();
  await expect(b.page.getByTestId('peer-state')).toHaveText(`Conexão com o aparelho ${a.label} encerrada`);
  await expect(a.page.getByTestId('peer-state')).toHaveText(`Conexão com o aparelho ${b.label} encerrada`);
  await expect(a.page.getByRole('link', { name: `Conectado ao aparelho ${b.label}` })).toHaveCount(0);
  await a.page.getByRole('button', { name: `Conectar de novo ao aparelho ${b.label}` }).click();
  // A new code is shown for B to read (the same pairing steps as the first time).
  await expect(a.page.getByRole('img', { name: 'QR code de pareamento deste aparelho' })).toBeInViewport();
  await expect(a.page.getByRole('textbox', { name: 'Código de resposta', exact: true })).toHaveValue('');
  await shot(a.page, 'ended', 1280);
  for (const phone of [a, b, stranger]) await phone.context.close();
});

test('a phone that never got the account’s pairing key says to go online once, and pairs once it has', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `pareamento-chave-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho Reis' });
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await rest(`users?id=eq.${userId}`, { plano: 'premium', data_fim_plano: until, status_pagamento: 'ativo' }, 'PATCH');
  const context = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 360, height: 800 },
  });
  // The server never hands this phone the account's key (as a phone signed in before there was one, now offline).
  const keyRequest = `${STACK_URL}/rest/v1/rpc/chave_de_pareamento*`;
  await context.route(keyRequest, (route) => route.abort('internetdisconnected'));
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/aparelhos');
  const notice = page.getByRole('status').filter({ hasText: 'Conecte-se à internet uma vez para poder parear aparelhos.' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mostrar código' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Ler código' })).toBeDisabled();
  await shot(page, 'no-key', 360);
  // Once the server answers, the key is kept and the phone shows its code.
  await context.unroute(keyRequest);
  await page.reload();
  await page.getByRole('button', { name: 'Mostrar código' }).click();
  // The offer gathers its network candidates first (up to a few seconds).
  await expect(page.getByRole('textbox', { name: 'Código de pareamento deste aparelho' })).toHaveValue(/^CADERNETA1\./, {
    timeout: 20_000,
  });
  await expect(notice).toHaveCount(0);
  await context.close();
});
