// The landing page speaks Portuguese and fits a 360 px phone as well as a desktop screen.
import { expect, test } from '@playwright/test';

const viewports = [
  { name: 'celular 360 px', width: 360, height: 740 },
  { name: 'desktop 1280 px', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test(`landing em português no ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('mercadinho');
    await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Comece grátis/ })).toBeVisible();
    // Nothing spills sideways on a small phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/landing-${viewport.width}.png`, fullPage: true });
  });
}

test('a visitor on a protected page is sent to /login, and unknown paths lead there too', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  await page.goto('/caminho/que/nao/existe');
  await expect(page).toHaveURL(/\/login$/);
});

test('the data worker answers through the typed contract', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-version')).toHaveText(/^v\d+\.\d+\.\d+$/);
});
