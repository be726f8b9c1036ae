// 'Exigir autenticação de dois fatores (2FA)' on: an admin signing in is asked to set up an authenticator and type
// its code before the admin screens open; a wrong code is refused, the right one (computed here from the key shown)
// opens /admin.
import { expect, test, type Page } from '@playwright/test';
import { totpCode } from '../supabase/local/auth/totp.ts';
import { createAdmin, serviceRest } from './support/admin.ts';
import { PASSWORD, shot } from './support/owner.ts';

const SECURITY = { max_login_attempts: 5, lockout_duration: 15 };

async function requireSecondFactor(on: boolean): Promise<void> {
  await serviceRest('system_settings?key=eq.security_settings', { value: { ...SECURITY, require_2fa: on } }, 'PATCH');
}

/** A code the authenticator does not show now (nor one step either side). */
function wrongCode(secret: string): string {
  const accepted = [-30_000, 0, 30_000, 60_000].map((shift) => totpCode(secret, Date.now() + shift));
  let candidate = 0;
  while (accepted.includes(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

async function signInAsAdmin(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** The key enrolled on the phone; the desktop's later sign-in only types the code. */
let enrolledSecret = '';

test.afterAll(async () => {
  await requireSecondFactor(false);
});

test('an admin enrols an authenticator and proves its code before the admin screens open', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `admin-2fa-${Date.now()}@exemplo.com.br`;
  await createAdmin(email, 'Admin Seguro');
  await requireSecondFactor(true);

  for (const width of [360, 1280]) {
    const context = await browser.newContext({
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      viewport: { width, height: 800 },
    });
    const page = await context.newPage();
    await signInAsAdmin(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Verificação em duas etapas' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Painel Administrativo' })).toHaveCount(0);

    if (width === 360) {
      // No authenticator yet: set one up from the QR code or the key.
      await page.getByRole('button', { name: 'Configurar aplicativo autenticador' }).click();
      await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
    }
    const secret = width === 360 ? ((await page.getByTestId('totp-secret').textContent()) ?? '') : enrolledSecret;
    enrolledSecret = secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const codeField = page.getByLabel('Código de 6 dígitos');
    await codeField.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await expect(page.getByRole('alert')).toContainText('Código inválido ou expirado.');
    await shot(page, 'admin-2fa', width);

    await codeField.fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible();
    await context.close();
  }
});
