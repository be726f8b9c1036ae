// What the owner screen specs share: a confirmed owner made through the stack's admin API, signing in through
// the login page, going offline once the app shell is cached, and screenshots checked for sideways spill.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { STACK_URL } from '../../playwright.config.ts';
import { DEFAULT_JWT_SECRET, signServiceKey } from '../../supabase/local/config.ts';

export const PASSWORD = 'Senha@123';

/** A phone and a desktop, the two widths every screen is looked at. */
export const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

/** The phone every flow runs on once; each of its screens is also looked at on the desktop (shotOnPhoneAndDesktop). */
export const PHONE = VIEWPORTS[0];

/** The no-break space Intl puts between 'R$' and the amount. */
export const NBSP = '\u00a0';

export interface OwnerProfile {
  readonly nome: string;
  readonly nome_mercado: string;
}

/** A new owner whose email is already confirmed; returns the user id. */
export async function createConfirmedOwner(
  email: string,
  profile: OwnerProfile = { nome: 'Carlos Lima', nome_mercado: 'Mercadinho Lima' },
): Promise<string> {
  const serviceKey = await signServiceKey(DEFAULT_JWT_SECRET, 'service_role');
  const response = await fetch(`${STACK_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true, user_metadata: profile }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** Signs in through the login page and waits until the service worker has the app shell. */
export async function signIn(page: Page, email: string, password: string = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  // The admin has no shop: he lands on /admin. A browser that never held an owner's data receives it first
  // ('Baixando seus dados…'); the dashboard follows.
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
  const landed = page
    .getByTestId('dashboard-greeting')
    .or(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' }));
  await expect(landed).toBeVisible({ timeout: 60_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** From here on the device has no network: the app reloads from its cached shell and says it is offline. */
export async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Offline. Ao conectar-se' })).toBeVisible();
}

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A full-page screenshot to look at (test-results/screens/), after checking nothing spills sideways. */
export async function shot(page: Page, name: string, width: number): Promise<void> {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
}

/** The screen on the phone, then the same screen on the desktop (the layout is CSS alone, so resizing keeps the page
 * as it is: a dialog stays open, a form keeps what was typed): nothing spills sideways on either, a screenshot of each
 * to look at. The page is back at the phone's size after. One flow then covers both widths at every screen it shows,
 * at half the cost of running it twice. */
export async function shotOnPhoneAndDesktop(page: Page, name: string): Promise<void> {
  const [phone, desktop] = VIEWPORTS;
  await shot(page, name, phone.width);
  await page.setViewportSize(desktop);
  await shot(page, name, desktop.width);
  await page.setViewportSize(phone);
}
