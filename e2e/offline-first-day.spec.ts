// An owner's first day with no internet, from the first step after sign-in: two products (one with a photo
// chosen from the phone and a barcode read by the camera, one with a photo taken with the camera), a client with a
// debit and a payment. Then the connection returns, and a second browser context signed in as the same owner shows
// the same products with their photos and barcode, the client and the balance; the server holds the same numbers.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH, STACK_URL } from '../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { ean13Y4m } from '../tests/support/ean13.ts';
import { createConfirmedOwner, goOffline, NBSP, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const CODE = '7896005800027';
// The rear camera plays a drawn EAN-13: the scanner reads it, and 'Tirar foto' captures a frame of it.
const VIDEO = resolve('test-results', 'offline-first-day', `${CODE}.y4m`);
mkdirSync(resolve('test-results', 'offline-first-day'), { recursive: true });
writeFileSync(VIDEO, ean13Y4m(CODE, 640, 480));

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
  permissions: ['camera'],
});

const shot = (page: Page, name: string, width: number) => screenshot(page, `offline-first-day-${name}`, width);

/** Waits until the browser has decoded the image (it really loaded, not only got a src). */
async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 30_000 })
    .toBe(true);
}

async function open(page: Page, link: 'Produtos' | 'Clientes') {
  await page.getByRole('link', { name: link, exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
}

const UPLOADED = /\/storage\/v1\/render\/image\/public\/product-images\/.+\/produtos\/\d+_\w+\.jpg\?width=800&height=800/;

test('offline from the first step: products with photo and scanned barcode, a client with debit and payment, seen on a second device after reconnecting', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(180_000);
  const width = VIEWPORTS[0].width;
  await page.setViewportSize(VIEWPORTS[0]);
  const email = `primeiro-dia-${Date.now()}@exemplo.com.br`;
  const userId = await createConfirmedOwner(email, { nome: 'Célia Prado', nome_mercado: 'Mercadinho Prado' });
  await signIn(page, email);
  await goOffline(page, context);

  // Product 1: a photo from the phone's files and the barcode read by the camera.
  await open(page, 'Produtos');
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  const image = page.getByRole('group', { name: 'Imagem do Produto' });
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c05621' } })
    .png()
    .toBuffer();
  await image.locator('input[type="file"]').setInputFiles({ name: 'cafe.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Imagem salva offline! Será enviada quando conectar.')).toBeVisible();
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await expect(page.getByText(`Código detectado: ${CODE}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Código de barras' })).toHaveValue(CODE);
  // Offline and never looked up before: the public database cannot answer; the owner types the name.
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao consultar código de barras.' })).toBeVisible();
  await page.getByLabel('Nome do produto').fill('Café Pilão 500 g');
  await page.getByLabel('Preço de venda (R$)').fill('18,90');
  await page.getByLabel('Estoque inicial').fill('12');
  await shot(page, 'product-form', width);
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  // Product 2: a photo taken with the camera.
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await image.getByRole('button', { name: 'Tirar foto' }).click();
  const camera = page.getByRole('dialog', { name: 'Upload de Imagem do Produto' });
  await camera.getByRole('button', { name: 'Capturar' }).click();
  await expect(camera).toHaveCount(0);
  await expect(image.getByRole('img', { name: 'Imagem do Produto' })).toHaveAttribute('src', /^blob:/);
  await page.getByLabel('Nome do produto').fill('Açúcar União 1 kg');
  await page.getByLabel('Preço de venda (R$)').fill('5,49');
  await page.getByLabel('Estoque inicial').fill('30');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  for (const name of ['Café Pilão 500 g', 'Açúcar União 1 kg']) {
    const thumbnail = page.getByRole('img', { name: `Imagem de ${name}` });
    await expect(thumbnail).toHaveAttribute('src', /^blob:/);
    await expectLoaded(thumbnail);
  }
  await shot(page, 'products-offline', width);

  // A client with a debit and a payment.
  await open(page, 'Clientes');
  await page.getByRole('link', { name: 'Novo cliente' }).click();
  // The list's 'Buscar cliente por nome' also answers to 'Nome': fill the form once it is on the screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Cliente' })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill('Joaquim Ribeiro');
  await page.getByLabel('Telefone').pressSequentially('81988776655');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cliente salvo offline')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar Débito' }).click();
  const debit = page.getByRole('dialog', { name: 'Adicionar Débito' });
  await debit.getByLabel('Valor (R$)').fill('87,40');
  await debit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(debit).toBeHidden();
  await page.getByRole('button', { name: 'Registrar Pagamento' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar Pagamento' });
  await payment.getByLabel('Valor (R$)').fill('30');
  await payment.getByRole('button', { name: 'Confirmar' }).click();
  await expect(payment).toBeHidden();
  await expect(page.getByTestId('saldo')).toHaveText(`R$${NBSP}57,40`);
  await shot(page, 'client-offline', width);

  // The connection returns: the photos are uploaded and the products point at them.
  await context.setOffline(false);
  await open(page, 'Produtos');
  for (const name of ['Café Pilão 500 g', 'Açúcar União 1 kg']) {
    await expect(page.getByRole('img', { name: `Imagem de ${name}` })).toHaveAttribute('src', UPLOADED, { timeout: 30_000 });
  }

  // The server has what the device made: the products with their photo and code, the client's balance.
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
  const serverRows = async (path: string) =>
    (await (await fetch(`${STACK_URL}/rest/v1/${path}`, { headers })).json()) as unknown[];
  await expect
    .poll(() => serverRows(`clientes?select=nome,saldo_devedor&user_id=eq.${userId}`), { timeout: 30_000 })
    .toEqual([{ nome: 'Joaquim Ribeiro', saldo_devedor: 57.4 }]);
  await expect
    .poll(() => serverRows(`produtos?select=nome,codigo_barras,estoque&user_id=eq.${userId}&order=nome`), { timeout: 30_000 })
    .toEqual([
      { nome: 'Açúcar União 1 kg', codigo_barras: null, estoque: 30 },
      { nome: 'Café Pilão 500 g', codigo_barras: CODE, estoque: 12 },
    ]);

  // A second device of the same owner, at desktop width.
  const other = await browser.newContext({ viewport: VIEWPORTS[1] });
  const second = await other.newPage();
  await signIn(second, email);
  await open(second, 'Produtos');
  for (const name of ['Café Pilão 500 g', 'Açúcar União 1 kg']) {
    const remote = second.getByRole('img', { name: `Imagem de ${name}` });
    await expect(remote).toHaveAttribute('src', UPLOADED, { timeout: 30_000 });
    await expectLoaded(remote);
  }
  await shot(second, 'products-second-device', VIEWPORTS[1].width);
  await second.getByRole('link', { name: /Café Pilão 500 g/ }).click();
  await expect(second.getByRole('heading', { level: 1, name: 'Café Pilão 500 g' })).toBeVisible();
  await expect(second.getByText(CODE)).toBeVisible();
  await open(second, 'Clientes');
  const row = second.getByRole('list', { name: 'Clientes' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Joaquim Ribeiro');
  await expect(row).toContainText(`R$${NBSP}57,40`);
  await row.getByRole('link').click();
  await expect(second.getByTestId('saldo')).toHaveText(`R$${NBSP}57,40`);
  await expect(second.getByRole('list', { name: 'Extrato' }).getByRole('listitem')).toHaveCount(2);
  await shot(second, 'client-second-device', VIEWPORTS[1].width);
  await other.close();
});
