// /admin/users paging at 360 px and 1280 px: 'Ir para a página' jumps to a typed page (kept within the pages there
// are), 'Por página' shows 10, 20, 50 or 100 users, and both stay in the address (?pagina=&por=): a reload and the
// back button keep the page; a new search starts again at page 1.
import { expect, test, type Page } from '@playwright/test';
import { createAdmin } from './support/admin.ts';
import { createConfirmedOwner, shot as screenshot, signIn, VIEWPORTS } from './support/owner.ts';

const OWNERS = 25;

const shot = (page: Page, name: string, width: number) => screenshot(page, `admin-users-paging-${name}`, width);
const pageLabel = (page: Page) => page.getByRole('main').getByRole('navigation').locator('p');
const cards = (page: Page) => page.getByRole('group', { name: /^Ações de / });

for (const viewport of VIEWPORTS) {
  test(`admin users: page jump and page size in the address at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const tag = `Pag${String(viewport.width)}x${Date.now().toString(36)}`;
    for (let index = 0; index < OWNERS; index += 1) {
      await createConfirmedOwner(`${tag.toLowerCase()}-${String(index)}@exemplo.com.br`, {
        nome: `Dona ${String(index).padStart(2, '0')} ${tag}`,
        nome_mercado: `Mercado ${tag}`,
      });
    }
    const email = `admin-paginas-${String(viewport.width)}-${Date.now().toString(36)}@exemplo.com.br`;
    await createAdmin(email);
    await signIn(page, email);

    await page.goto('/admin/users');
    await expect(pageLabel(page)).toHaveText(/^Página 1 de \d+$/);
    const totalText = (await page.getByText(/^[\d.]+ usuários$/).textContent()) ?? '';
    const total = Number(totalText.replace(/\D/g, ''));
    expect(total).toBeGreaterThanOrEqual(OWNERS + 1);
    const pagesOf = (size: number) => Math.ceil(total / size);
    await expect(cards(page)).toHaveCount(10);

    // A typed page, with Enter: that page, in the address.
    const jump = page.getByLabel('Ir para a página');
    await jump.fill('3');
    await jump.press('Enter');
    await expect(pageLabel(page)).toHaveText(`Página 3 de ${String(pagesOf(10))}`);
    await expect(page).toHaveURL(/[?&]pagina=3(&|$)/);
    await shot(page, 'page-3', viewport.width);

    // Twenty a page: back to the first page, twenty cards, in the address.
    await page.getByLabel('Por página').selectOption('20');
    await expect(pageLabel(page)).toHaveText(`Página 1 de ${String(pagesOf(20))}`);
    await expect(cards(page)).toHaveCount(20);
    await expect(page).toHaveURL(/[?&]por=20(&|$)/);
    await expect(page).not.toHaveURL(/pagina=/);

    // Page 2 with 'Ir'; a reload keeps it, and the back button returns to page 1.
    await jump.fill('2');
    await page.getByRole('button', { name: 'Ir', exact: true }).click();
    await expect(pageLabel(page)).toHaveText(`Página 2 de ${String(pagesOf(20))}`);
    await page.reload();
    await expect(pageLabel(page)).toHaveText(`Página 2 de ${String(pagesOf(20))}`);
    await expect(page.getByLabel('Por página')).toHaveValue('20');
    await page.goBack();
    await expect(pageLabel(page)).toHaveText(`Página 1 de ${String(pagesOf(20))}`);

    // Beyond the last page: the last page.
    await jump.fill('999');
    await jump.press('Enter');
    await expect(pageLabel(page)).toHaveText(`Página ${String(pagesOf(20))} de ${String(pagesOf(20))}`);

    // A search starts again at page 1, still twenty a page.
    await page.getByLabel('Buscar por nome, email ou mercado').fill(tag);
    await expect(pageLabel(page)).toHaveText('Página 1 de 2');
    await expect(cards(page)).toHaveCount(20);
    await expect(page).not.toHaveURL(/pagina=/);
    await page.getByLabel('Ir para a página').scrollIntoViewIfNeeded();
    await shot(page, 'searched', viewport.width);
  });
}
