// The product image offline from the first step: a PNG chosen for a new product is processed and kept on the
// device, shown in the form and the list from there; back online it is uploaded to Storage, the product's
// imagem_url follows, and a second browser context of the same owner shows the product with its image; the
// photo then still shows offline.
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { createConfirmedOwner, goOffline, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `product-image-${name}`, width);

// A fake camera (a generated moving picture) that needs no permission prompt, for 'Tirar foto'.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

/** Waits until the image has been decoded by the browser (it really loaded, not only got a src). */
async function expectLoaded(image: Locator) {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 30_000 })
    .toBe(true);
}

async function openProducts(page: Page) {
  await page.getByRole('link', { name: 'Produtos', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Produtos' })).toBeVisible();
}

test('a product image chosen offline is shown from the device, then uploaded and seen on another device', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2f855a' } })
    .png()
    .toBuffer();
  const email = `imagem-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Rita Alves', nome_mercado: 'Empório Alves' });
  await page.setViewportSize(VIEWPORTS[0]);
  await signIn(page, email);
  await goOffline(page, context);
  await openProducts(page);
  await page.getByRole('button', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Novo Produto' })).toBeVisible();

  const control = page.getByRole('group', { name: 'Imagem do Produto' });
  await expect(control.getByText('Modo offline - As imagens serão sincronizadas quando conectar')).toBeVisible();
  await expect(control.getByRole('button', { name: 'Tirar foto' })).toBeVisible();
  await expect(control.getByRole('button', { name: 'Remover imagem' })).toHaveCount(0);
  // A type the spec does not accept is refused before anything is processed.
  await control
    .locator('input[type="file"]')
    .setInputFiles({ name: 'animacao.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Envie apenas arquivos JPG, JPEG ou PNG.')).toBeVisible();
  // A PDF cannot be shown as the product's picture: refused with its own message, never 'Imagem carregada!'.
  await control
    .locator('input[type="file"]')
    .setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByText('Um PDF não pode ser a imagem do produto. Envie uma foto em JPG, JPEG ou PNG.')).toBeVisible();
  await expect(page.getByText('Imagem carregada!')).toHaveCount(0);
  await expect(page.getByText('Imagem salva offline! Será enviada quando conectar.')).toHaveCount(0);
  await expect(control.getByRole('button', { name: 'Remover imagem' })).toHaveCount(0);

  await control.locator('input[type="file"]').setInputFiles({ name: 'arroz.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Imagem salva offline! Será enviada quando conectar.')).toBeVisible();
  const preview = control.getByRole('img', { name: 'Imagem do Produto' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expectLoaded(preview);
  // Processed in the worker: a JPEG no larger than 1024 px a side.
  const processed = await preview.evaluate((element: HTMLImageElement) => ({
    width: element.naturalWidth,
    height: element.naturalHeight,
  }));
  expect(processed).toEqual({ width: 1024, height: 768 });
  await expect(control.getByRole('button', { name: 'Remover imagem' })).toBeVisible();
  await shot(page, 'form', 360);
  await page.setViewportSize(VIEWPORTS[1]);
  await shot(page, 'form', 1280);

  await page.getByLabel('Nome do produto').fill('Arroz Tio João');
  await page.getByLabel('Preço de venda (R$)').fill('25,90');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  const thumbnail = page.getByRole('img', { name: 'Imagem de Arroz Tio João' });
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expectLoaded(thumbnail);
  await shot(page, 'list', 1280);
  await page.setViewportSize(VIEWPORTS[0]);
  await shot(page, 'list', 360);

  // The detail page shows it from the device too.
  await page.getByRole('link', { name: /Arroz Tio João/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Arroz Tio João' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Imagem do Produto' })).toHaveAttribute('src', /^blob:/);
  await shot(page, 'detail', 360);
  await page.goBack();

  // Back online: uploaded, and the product's imagem_url is the transformed public URL.
  await context.setOffline(false);
  await expect(thumbnail).toHaveAttribute(
    'src',
    /\/storage\/v1\/render\/image\/public\/product-images\/.+\/produtos\/\d+_\w+\.jpg\?width=800&height=800&resize=cover&quality=80&v=\d+$/,
    {
      timeout: 30_000,
    },
  );
  await expectLoaded(thumbnail);

  // Another device of the same owner.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, email);
  await openProducts(second);
  const remote = second.getByRole('img', { name: 'Imagem de Arroz Tio João' });
  await expect(remote).toHaveAttribute('src', /\/render\/image\/public\/product-images\//, { timeout: 30_000 });
  await expectLoaded(remote);
  const size = await remote.evaluate((element: HTMLImageElement) => ({
    width: element.naturalWidth,
    height: element.naturalHeight,
  }));
  expect(size).toEqual({ width: 800, height: 800 });
  await other.close();

  // Seen once, the uploaded photo also shows with the network off again (the service worker keeps it).
  await context.setOffline(true);
  await page.reload();
  await expect(thumbnail).toHaveAttribute('src', /\/render\/image\/public\/product-images\//);
  await expectLoaded(thumbnail);
});

test.describe('camera', () => {
  test('Tirar foto captures a frame of the rear camera as the product image', async ({ page, context }) => {
    await context.grantPermissions(['camera']);
    const email = `camera-${Date.now()}@exemplo.com.br`;
    await createConfirmedOwner(email);
    await page.setViewportSize(VIEWPORTS[0]);
    await signIn(page, email);
    await goOffline(page, context);
    await openProducts(page);
    await page.getByRole('button', { name: 'Novo produto' }).click();
    const control = page.getByRole('group', { name: 'Imagem do Produto' });
    await control.getByRole('button', { name: 'Tirar foto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload de Imagem do Produto' });
    await expect(dialog.getByText('Use a câmera para tirar uma foto do produto')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Capturar' })).toBeEnabled();
    await shot(page, 'camera', 360);
    await dialog.getByRole('button', { name: 'Capturar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Imagem salva offline! Será enviada quando conectar.')).toBeVisible();
    const preview = control.getByRole('img', { name: 'Imagem do Produto' });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expectLoaded(preview);
    // 'Remover imagem' drops it again.
    await control.getByRole('button', { name: 'Remover imagem' }).click();
    await expect(page.getByText('Imagem removida')).toBeVisible();
    await expect(preview).toHaveCount(0);
    // 'Limpar' blanks the form, image included.
    await control.locator('input[type="file"]').setInputFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 40, height: 30, channels: 3, background: '#abcdef' } })
        .jpeg()
        .toBuffer(),
    });
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Limpar' }).click();
    await expect(page.getByText('Todos os campos foram limpos')).toBeVisible();
    await expect(preview).toHaveCount(0);
  });
});
