// Every account and public screen at 360 px and 1280 px: nothing spills sideways, and a screenshot to look at.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../supabase/local/config.ts';
import { STACK_URL } from '../playwright.config.ts';

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/terms', '/privacy', '/faq', '/about', '/support'];
const OWNER_PAGES = ['/dashboard', '/account', '/more', '/upgrade', '/reports', '/search?q=arroz%20tipo%201'];
const PASSWORD = 'Senha@123';

async function createConfirmedOwner(email: string, nome: string, nomeMercado: string): Promise<void> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: { nome, nome_mercado: nomeMercado, telefone: '11987654321' } }),
  });
  expect(response.ok).toBe(true);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

function shotName(path: string, width: number): string {
  const name = path === '/' ? 'landing' : path.slice(1).replace(/\?.*$/, '').replace(/\//g, '-');
  return `test-results/screens/${name}-${width}.png`;
}

for (const viewport of VIEWPORTS) {
  test(`public pages at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shotName(path, viewport.width), fullPage: true });
    }
  });

  test(`owner screens at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const email = `telas-${viewport.width}-${Date.now()}@exemplo.com.br`;
    await createConfirmedOwner(email, 'Maria das Graças Souza', 'Mercadinho Boa Vista');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('market-name')).toHaveText('Mercadinho Boa Vista');
    await expect(page.getByTestId('plan-label')).toHaveText('Plano Gratuito');
    for (const path of OWNER_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: shotName(path, viewport.width), fullPage: true });
    }
  });
}
