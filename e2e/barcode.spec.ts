// Barcode scanning and the public product lookup, at 360 px and 1280 px. Chromium's fake camera plays a Y4M video
// of an EAN-13 drawn in the test; the public database's Brazil and world hosts are routed to a local fixture
// server (nothing reaches the internet). Online, Enter in the barcode field looks a code up (found and prefilled;
// not found) without submitting the form; then offline, the scanner reads the code, the lookup answers from the
// device's cache, the product is saved; the list's scan opens it, the form's scan warns 'Produto já cadastrado'
// (and does not look the code up), an unknown code offline says 'Erro ao consultar código de barras.', and the
// list offers a new product with it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { ean13Y4m } from '../tests/support/ean13.ts';
import { createConfirmedOwner, goOffline, shotOnPhoneAndDesktop as screenshot, signIn, PHONE } from './support/owner.ts';

const CODE = '7891000100103';
const UNKNOWN = '1234567890128';
/** A code no host was ever asked about. */
const NEVER_ASKED = '7894900011517';
// The camera's video, written before the browser starts (it reads the file at launch).
const VIDEO = resolve('test-results', 'barcode-camera', `${CODE}.y4m`);
mkdirSync(resolve('test-results', 'barcode-camera'), { recursive: true });
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

/** The public database as the fixture knows it: Brazil has the code, the world host nothing. */
const PRODUCTS: Record<string, unknown> = {
  [`/br/api/v0/product/${CODE}.json`]: {
    status: 1,
    product: { product_name: 'Leite Condensado', brands: 'Moça,Nestlé', image_url: 'https://img.example/moca.jpg' },
  },
};
let fixture: Server;
let fixtureUrl = '';
const asked: string[] = [];

test.beforeAll(async () => {
  fixture = createServer((request, response) => {
    const url = request.url ?? '';
    asked.push(url);
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    response.end(JSON.stringify(PRODUCTS[url] ?? { status: 0, status_verbose: 'product not found' }));
  });
  await new Promise<void>((done) => fixture.listen(0, '127.0.0.1', done));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((done) => fixture.close(done));
});

const shot = (page: Page, name: string) => screenshot(page, `barcode-${name}`);
/** Each flow runs once, on the phone; every screen it shows is also looked at on the desktop (shot). */
const viewport = PHONE;

test(`barcode on a phone, each screen also on a desktop: lookup online, scan offline from the cache, duplicate, list scan`, async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  // br.openfoodfacts.org → fixture /br, world.openfoodfacts.org → fixture /world; refused once "offline".
  let hostsReachable = true;
  await context.route(/^https:\/\/(br|world)\.openfoodfacts\.org\//u, async (route) => {
    const url = new URL(route.request().url());
    if (!hostsReachable) {
      await route.abort('internetdisconnected');
      return;
    }
    const host = url.hostname.split('.')[0] ?? '';
    const answer = await fetch(`${fixtureUrl}/${host}${url.pathname}`);
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: await answer.text(),
    });
  });
  const email = `codigos-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Ana Souza', nome_mercado: 'Mercadinho Souza' });
  await signIn(page, email);

  // Online: Enter in the field (a USB scanner's last key) looks the code up and does not submit the form.
  await page.goto('/products/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Código de barras' });
  asked.length = 0;
  await field.fill(CODE);
  await field.press('Enter');
  await expect(page.getByText('Produto encontrado: Leite Condensado').first()).toBeVisible();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('Leite Condensado');
  await expect(page.getByLabel('Marca')).toHaveValue('Moça');
  await expect(page).toHaveURL(/\/products\/new$/);
  expect(asked).toEqual([`/br/api/v0/product/${CODE}.json`]);
  // Brazil misses, the world host too: fill by hand.
  await field.fill(UNKNOWN);
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Produto não encontrado. Preencha manualmente.' })).toBeVisible();
  expect(asked.slice(1)).toEqual([`/br/api/v0/product/${UNKNOWN}.json`, `/world/api/v0/product/${UNKNOWN}.json`]);
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('');

  // Offline from here: the camera reads the code, the lookup answers from the device's cache.
  hostsReachable = false;
  await goOffline(page, context);
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await expect(page.getByText(`Código detectado: ${CODE}`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Entrada de Código de Barras' })).toBeHidden();
  await expect(field).toHaveValue(CODE);
  await expect(page.getByRole('status').filter({ hasText: 'Produto encontrado: Leite Condensado' })).toBeVisible();
  await expect(page.getByLabel('Nome do produto')).toHaveValue('Leite Condensado');
  await expect(page.getByLabel('Marca')).toHaveValue('Moça');
  await page.getByLabel('Preço de venda (R$)').fill('7,49');
  await shot(page, 'form-scanned');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);

  // The list's scan opens the product with that code.
  await shot(page, 'list');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leite Condensado' })).toBeVisible();

  // The form's scan of a code already registered: 'Produto já cadastrado' with 'Editar'.
  await page.goto('/products/new');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await expect(page.getByText('Produto já cadastrado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toBeVisible();
  // …and the public database is not asked: nothing is prefilled from it.
  await expect(page.getByText('Consultando código de barras...')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Produto encontrado' })).toHaveCount(0);
  await expect(page.getByLabel('Nome do produto')).toHaveValue('');
  // Offline, a code looked up before keeps its answer; one never looked up cannot be answered.
  await field.fill(UNKNOWN);
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Produto não encontrado. Preencha manualmente.' })).toBeVisible();
  await field.fill(NEVER_ASKED);
  await field.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Erro ao consultar código de barras.' })).toBeVisible();
  await shot(page, 'form-lookup-error');
  await page.getByRole('button', { name: 'Limpar' }).click();

  // The list's barcode search: no product with the code, offered as a new one with the code filled in.
  await page.goto('/products');
  const search = page.getByRole('searchbox', { name: 'Buscar produto pelo código de barras' });
  await search.fill(UNKNOWN);
  await search.press('Enter');
  await expect(page.getByText(`Nenhum produto com o código ${UNKNOWN}.`)).toBeVisible();
  await shot(page, 'list-missing');
  await page.getByRole('button', { name: 'Cadastrar com este código' }).click();
  await expect(page).toHaveURL(/\/products\/new$/);
  await expect(field).toHaveValue(UNKNOWN);
});

test(`scanner states on a phone, each screen also on a desktop: no camera API, camera refused then allowed with 'Tentar novamente'`, async ({
  page,
}) => {
  await page.setViewportSize(viewport);
  const email = `scanner-${viewport.width}-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Ana Souza', nome_mercado: 'Mercadinho Souza' });
  // The first request for the camera is refused as a browser whose owner said no; later ones reach the camera.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('sem-camera') === '1') {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
      return;
    }
    const devices = navigator.mediaDevices;
    const real = devices.getUserMedia.bind(devices);
    let refused = false;
    devices.getUserMedia = (constraints) => {
      if (refused) return real(constraints);
      refused = true;
      return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    };
  });
  await signIn(page, email);
  await page.goto('/products/new');
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Entrada de Código de Barras' });
  await expect(dialog.getByRole('alert')).toContainText('Permissão da câmera negada');
  await shot(page, 'dialog-denied');
  await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText(`Código detectado: ${CODE}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Código de barras' })).toHaveValue(CODE);

  // A browser without the camera API.
  await page.evaluate(() => {
    sessionStorage.setItem('sem-camera', '1');
  });
  await page.reload();
  await page.getByRole('button', { name: 'Escanear código de barras' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Scanner de código de barras não disponível');
  await shot(page, 'dialog-unavailable');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
});
