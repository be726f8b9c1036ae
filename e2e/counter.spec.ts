// The counter at 360 px: 'Concluir pedido' on screen without scrolling, a cash sale whose 'Valor recebido' of
// R$ 50 shows 'Troco', 'Nova venda' after the sale (cart empty, search focused), the receipt from the sale's
// toast, printed at 58 mm (Chromium's PDF of the print and a print-media screenshot to look at), and the sale's
// time in the history.
import { expect, test } from '@playwright/test';
import { createConfirmedOwner, shot, signIn } from './support/owner.ts';

const PHONE = { width: 360, height: 740 };

test('cash sale with change, staying for the next sale, and its receipt printed at 58 mm', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(PHONE);
  const email = `balcao-${Date.now()}@exemplo.com.br`;
  await createConfirmedOwner(email, { nome: 'Joana Reis', nome_mercado: 'Mercadinho da Joana' });
  await signIn(page, email);

  await page.goto('/products/new');
  await page.getByLabel('Nome do produto').fill('Café Torrado');
  await page.getByLabel('Preço de venda (R$)').fill('18,50');
  await page.getByLabel('Estoque inicial').fill('20');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto cadastrado com sucesso!')).toBeVisible();

  await page.goto('/sales');
  await expect(page.getByRole('heading', { level: 1, name: 'Nova Venda' })).toBeVisible();
  // The finish bar is on screen at 360×740 before any scrolling.
  await expect(page.getByRole('button', { name: 'Concluir pedido' })).toBeInViewport();
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await expect(page.getByTestId('sale-total')).toHaveText(/18,50/);
  await page.getByRole('button', { name: 'Concluir pedido' }).click();

  const cart = page.getByRole('dialog', { name: 'Carrinho' });
  await cart.getByRole('radio', { name: 'Dinheiro' }).check({ force: true });
  await cart.getByRole('group', { name: 'Notas rápidas' }).getByRole('button', { name: 'R$ 50' }).click();
  await expect(cart.getByLabel('Valor recebido')).toHaveValue('50,00');
  await expect(cart.getByText('Troco', { exact: true })).toBeVisible();
  await expect(cart.getByTestId('cash-change')).toHaveText(/31,50/);
  await cart.getByLabel('Depois de finalizar a venda').selectOption({ label: 'Nova venda' });
  await shot(page, 'counter-cash-change', PHONE.width);

  await cart.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByRole('searchbox', { name: 'Buscar produto por nome ou marca' })).toBeFocused();

  await page.getByRole('button', { name: 'Imprimir recibo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recibo' });
  const receipt = dialog.getByRole('article', { name: 'Recibo' });
  await expect(receipt).toContainText('Mercadinho da Joana');
  await expect(receipt).toContainText(/Venda #[0-9A-Z]{6}/);
  await expect(receipt).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(receipt).toContainText('Café Torrado');
  await expect(receipt).toContainText('Dinheiro');
  await shot(page, 'counter-receipt-dialog', PHONE.width);

  // Print media: only the receipt, on a page the roll's width and the receipt's length (a valid CSS page size:
  // Chromium drops a size it cannot read and prints on A4).
  const pageRule = (await page.locator('[data-print-receipt] style').textContent()) ?? '';
  const length = Number(/size: 58mm (\d+)mm/.exec(pageRule)?.[1]);
  expect(length).toBeGreaterThan(30);
  expect(length).toBeLessThan(400);
  await page.pdf({ path: 'test-results/screens/counter-receipt-58mm.pdf', preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 220, height: 600 });
  const printed = page.locator('[data-print-receipt] [data-testid="receipt"]');
  await expect(printed).toBeVisible();
  await expect(page.locator('#conteudo')).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/counter-receipt-print-220.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize(PHONE);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The history shows the sale's time of day.
  await page.goto('/sales/history');
  await expect(page.getByRole('button', { name: /Ver venda de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}, R\$\s18,50/ })).toBeVisible();
  await shot(page, 'counter-history', PHONE.width);

  // At 1280 px: the sale screen's finish bar and the cart's cash panel.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/sales');
  await page.getByRole('button', { name: 'Adicionar Café Torrado ao carrinho' }).click();
  await page.getByRole('button', { name: 'Concluir pedido' }).click();
  await page.getByRole('dialog', { name: 'Carrinho' }).getByRole('button', { name: 'R$ 20' }).click();
  await expect(page.getByText('Troco', { exact: true })).toBeVisible();
  await shot(page, 'counter-cash-change', 1280);
});
