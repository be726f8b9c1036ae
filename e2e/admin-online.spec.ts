// The admin is online-only, at 360 px and 1280 px against the local stack: signing in lands him on /admin, the
// browser keeps no owner database (no RxDB database in the origin's IndexedDB) and owner screens send him back to
// /admin; on /admin/users his own card offers no Suspender, Banir nor Excluir, Suspender and Banir on an owner's
// card ask first, naming her, with a reason; her card then reads 'Banido' (not 'Suspenso') with that reason; and
// the banned owner's sign-in tells her that reason.
import { expect, test, type Page } from '@playwright/test';
import { createAdmin } from './support/admin.ts';
import { createConfirmedOwner, PASSWORD, shot as screenshot, VIEWPORTS } from './support/owner.ts';

const shot = (page: Page, name: string, width: number) => screenshot(page, `admin-online-${name}`, width);

/** The names of the origin's IndexedDB databases. */
async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

for (const viewport of VIEWPORTS) {
  test(`admin sign-in lands on /admin with no owner data at ${viewport.width} px`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const tag = `${String(viewport.width)}x${Date.now().toString(36)}`;
    const ownerName = `Dona Confirma ${tag}`;
    const ownerEmail = `dona-confirma-${tag}@exemplo.com.br`;
    await createConfirmedOwner(ownerEmail, { nome: ownerName, nome_mercado: `Mercado ${tag}` });
    const adminEmail = `admin-online-${tag}@exemplo.com.br`;
    await createAdmin(adminEmail, `Admin ${tag}`);

    await page.goto('/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total de Usuários' })).toBeVisible();
    expect((await databaseNames(page)).filter((name) => name.includes('rxdb'))).toEqual([]);
    await shot(page, 'landing', viewport.width);

    // An owner screen is not his: it sends him back to /admin, still without an owner database.
    await page.goto('/products');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Painel Administrativo' })).toBeVisible();
    expect((await databaseNames(page)).filter((name) => name.includes('rxdb'))).toEqual([]);

    // His own card: nothing that would lock him out.
    await page.goto('/admin/users');
    const search = page.getByRole('searchbox', { name: 'Buscar por nome, email ou mercado' });
    await search.fill(adminEmail);
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    const own = page.getByRole('group', { name: `Ações de Admin ${tag}` });
    await expect(own.getByRole('button', { name: 'Editar' })).toBeVisible();
    for (const action of ['Suspender', 'Banir', 'Excluir'])
      await expect(own.getByRole('button', { name: action })).toHaveCount(0);
    await shot(page, 'own-card', viewport.width);

    // An owner's card: Suspender and Banir ask first, naming her, with the reason she will be told.
    await search.fill(ownerName);
    await expect(page.getByText('1 usuário', { exact: true })).toBeVisible();
    const actions = page.getByRole('group', { name: `Ações de ${ownerName}` });
    await actions.getByRole('button', { name: 'Suspender' }).click();
    const suspend = page.getByRole('alertdialog', { name: 'Suspender usuário?' });
    await expect(suspend).toContainText(ownerName);
    await suspend.getByRole('button', { name: 'Cancelar' }).click();
    await expect(suspend).toBeHidden();

    await actions.getByRole('button', { name: 'Banir' }).click();
    const ban = page.getByRole('alertdialog', { name: 'Banir usuário?' });
    await expect(ban).toContainText(ownerName);
    await ban.getByLabel('Motivo (o usuário verá ao entrar)').fill('Uso indevido da conta');
    await shot(page, 'ban-confirmation', viewport.width);
    await ban.getByRole('button', { name: 'Banir' }).click();
    await expect(ban).toBeHidden();
    const bannedCard = page.locator('main li').filter({ hasText: ownerName });
    await expect(bannedCard.getByText('Banido', { exact: true })).toBeVisible();
    await expect(bannedCard.getByText('Suspenso', { exact: true })).toHaveCount(0);
    await expect(bannedCard.getByText('Uso indevido da conta')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Banir' })).toHaveCount(0);
    await shot(page, 'banned-card', viewport.width);

    // The banned owner, on her own browser, is told why her sign-in is refused.
    const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/login');
    await ownerPage.getByLabel('Email').fill(ownerEmail);
    await ownerPage.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await ownerPage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(ownerPage.getByText('Sua conta está suspensa: Uso indevido da conta')).toBeVisible();
    await expect(ownerPage).toHaveURL(/\/login$/);
    await shot(ownerPage, 'owner-banned', viewport.width);
    await ownerContext.close();
  });
}
